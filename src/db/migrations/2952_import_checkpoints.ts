// `zeitkonto import` (docs/import.md): where an import of a tenant from another ZEP-compatible API stands, one row per
// resource of the local tenant, written in the same transaction as the page it follows, so a rerun resumes after
// the last page that was written and writes nothing twice.
import type { Migration } from '../migration.js';
import { execScript } from '../migration.js';
import { ddl } from '../dialect.js';

export const importCheckpoints: Migration = {
  version: '2952_import_checkpoints',
  async up(db, dialect) {
    const t = ddl(dialect);
    await execScript(
      db,
      `
CREATE TABLE import_checkpoints (
  tenant_id ${t.int} NOT NULL REFERENCES tenants (id) ON DELETE CASCADE,
  resource ${t.text} NOT NULL,
  source ${t.text} NOT NULL,
  next_page ${t.int} NOT NULL,
  done ${t.bool} NOT NULL,
  records ${t.int} NOT NULL,
  started ${t.timestamp} NOT NULL,
  modified ${t.timestamp} NOT NULL,
  PRIMARY KEY (tenant_id, resource)
)`,
    );
  },
};
