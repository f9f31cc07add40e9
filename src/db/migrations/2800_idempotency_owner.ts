// The process that claimed an Idempotency-Key ('pid:boot'), so a retry can tell a claim whose process died from
// one still running without waiting for the claim to age (plugins/write-path/idempotency.ts).
import { sql } from 'kysely';
import type { Migration } from '../migration.js';

export const idempotencyOwner: Migration = {
  version: '2800_idempotency_owner',
  async up(db) {
    await sql`ALTER TABLE idempotency_keys ADD COLUMN owner TEXT`.execute(db);
  },
};
