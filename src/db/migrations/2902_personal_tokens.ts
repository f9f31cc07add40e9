// A token may belong to an employee (`employee_id`: their username) and then acts with that employee's rights;
// without one it is a service token of the tenant. `scopes` narrows what a token may do: a JSON array of
// "<area>:read" / "<area>:write" / "*:read" / "*:write" (docs/api/permissions.md); NULL is every scope. Existing
// tokens stay service tokens: read-only ones get ["*:read"], the others NULL.
import type { Migration } from '../migration.js';
import { execScript } from '../migration.js';

export const personalTokens: Migration = {
  version: '2902_personal_tokens',
  async up(db) {
    await execScript(
      db,
      `ALTER TABLE api_tokens ADD COLUMN employee_id VARCHAR(255);
       ALTER TABLE api_tokens ADD COLUMN scopes TEXT;
       UPDATE api_tokens SET scopes = '["*:read"]' WHERE read_only = TRUE;
       CREATE INDEX api_tokens_employee ON api_tokens (tenant_id, employee_id)`,
    );
  },
};
