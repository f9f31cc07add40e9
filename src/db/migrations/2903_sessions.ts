// Sign-in sessions of employees (docs/api/permissions.md "Sessions"): only the SHA-256 hash of the session secret is
// stored; the CSRF token a cookie-authenticated write must repeat is stored as it is (it is no credential alone).
// A session ends with its employee (deleted, or renamed along with them).
import { sql } from 'kysely';
import type { Migration } from '../migration.js';
import { execScript } from '../migration.js';
import { ddl } from '../dialect.js';
import { recordIdTriggers } from '../record-ids.js';

export const sessions: Migration = {
  version: '2903_sessions',
  async up(db, dialect) {
    const t = ddl(dialect);
    await execScript(
      db,
      `
CREATE TABLE sessions (
  tenant_id ${t.int} NOT NULL REFERENCES tenants (id) ON DELETE CASCADE,
  id ${t.recordId},
  employee_id ${t.text} NOT NULL,
  secret_hash ${t.text} NOT NULL,
  csrf_token ${t.text} NOT NULL,
  user_agent ${t.text},
  created ${t.timestamp} NOT NULL,
  last_seen ${t.timestamp} NOT NULL,
  expires_at ${t.timestamp} NOT NULL,
  FOREIGN KEY (tenant_id, employee_id) REFERENCES employees (tenant_id, username) ON UPDATE CASCADE ON DELETE CASCADE,
  PRIMARY KEY (tenant_id, id)
);
CREATE UNIQUE INDEX sessions_hash ON sessions (tenant_id, secret_hash);
CREATE INDEX sessions_employee ON sessions (tenant_id, employee_id)`,
    );
    for (const statement of recordIdTriggers(dialect, 'sessions')) await sql.raw(statement).execute(db);
  },
};
