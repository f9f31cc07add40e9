// Who made each change of the feed, and what it changed (the audit trail, docs/api/integration.md "Audit events"):
// the employee (username) of a personal token, the token, or a browser session that wrote it; and the changed columns
// of the record's row with their values before and after, as JSON. Entries recorded before have neither (NULL).
import type { Migration } from '../migration.js';
import { execScript } from '../migration.js';

export const changeActors: Migration = {
  version: '2904_change_actors',
  async up(db) {
    await execScript(
      db,
      `ALTER TABLE changes ADD COLUMN actor_employee_id VARCHAR(255);
       ALTER TABLE changes ADD COLUMN actor_token_id BIGINT;
       ALTER TABLE changes ADD COLUMN actor_session_id BIGINT;
       ALTER TABLE changes ADD COLUMN fields TEXT;
       CREATE INDEX changes_actor_employee ON changes (tenant_id, actor_employee_id, cursor)`,
    );
  },
};
