// Housekeeping of the write path, tenant by tenant: expired idempotency keys, and change-feed entries past the
// retention (tombstones and superseded changes; the change store's prune); on PostgreSQL also the write-journal rows of
// finished transactions that never drained theirs (db/journal.ts). Runs in every server process at an interval;
// the statements are idempotent, so processes running it at once only repeat each other's work.
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.js';
import type { Dialect } from '../../db/dialect.js';
import { purgeJournal } from '../../db/journal.js';
import { forTenant } from '../../db/tenant-scope.js';
import { nowTimestamp } from '../../values/formats.js';
import type { ChangeLog } from './change-log.js';
import { pruneKeys } from './idempotency.js';

export async function pruneWritePath(
  db: Kysely<DB>,
  changeLog: ChangeLog,
  retentionDays: number,
  now = new Date(),
  dialect?: Dialect,
): Promise<void> {
  if (dialect === 'postgres') await purgeJournal(db);
  const cutoff = nowTimestamp(new Date(now.getTime() - retentionDays * 86_400_000));
  for (const { id } of await db.selectFrom('tenants').select('id').execute()) {
    const tenant = forTenant(db, Number(id));
    await pruneKeys(tenant);
    await changeLog.store.prune(tenant, cutoff);
  }
}

/** Start the hourly sweep; the returned function stops it. */
export function startMaintenance(
  db: Kysely<DB>,
  dialect: Dialect,
  changeLog: ChangeLog,
  retentionDays: number,
  log: (err: unknown) => void,
  everyMs = 3600_000,
): () => void {
  const timer = setInterval(
    () => void pruneWritePath(db, changeLog, retentionDays, new Date(), dialect).catch(log),
    everyMs,
  );
  timer.unref();
  return () => clearInterval(timer);
}
