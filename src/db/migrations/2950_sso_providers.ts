// Single sign-on with OpenID Connect (docs/api/permissions.md "Single sign-on"): at most one provider per tenant, set
// by the operator (`zeitkonto sso set`). The client secret is stored as the operator gave it, because the token
// request sends it; no route of the API reads this table, and `zeitkonto sso show` prints only whether it is set.
import type { Migration } from '../migration.js';
import { execScript } from '../migration.js';
import { ddl } from '../dialect.js';

export const ssoProviders: Migration = {
  version: '2950_sso_providers',
  async up(db, dialect) {
    const t = ddl(dialect);
    await execScript(
      db,
      `
CREATE TABLE sso_providers (
  tenant_id ${t.int} NOT NULL PRIMARY KEY REFERENCES tenants (id) ON DELETE CASCADE,
  name ${t.text} NOT NULL,
  issuer ${t.text} NOT NULL,
  client_id ${t.text} NOT NULL,
  client_secret ${t.text} NOT NULL,
  match_by ${t.text} NOT NULL,
  claim ${t.text} NOT NULL,
  created ${t.timestamp} NOT NULL,
  modified ${t.timestamp} NOT NULL
)`,
    );
  },
};
