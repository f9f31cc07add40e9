// The change feed's SQL: recording a request's changes under the tenant's counter lock, a record's version
// (ETags), reading the feed in cursor order, and pruning past the retention.
//
// Cursor order is commit order: a write transaction takes its cursors last, by incrementing the tenant's row in
// change_counters (INSERT … ON CONFLICT DO UPDATE … RETURNING). That row stays locked until the transaction
// commits, so a later transaction gets a higher cursor only after the earlier one is visible; a reader who has
// seen cursor n has seen every change below it. On SQLite the write transaction is serial anyway.
import { sql } from 'kysely';
import type { TenantDb } from '../../db/tenant-scope.js';
import type { Dialect } from '../../db/dialect.js';
import { preparedFirst } from '../../db/prepared.js';
import { nowTimestamp, outTimestamp } from '../../values/formats.js';
import type { Actor, ChangeInput, RecordedChange } from '../../values/changes.js';

/** The actor columns of a stored change. */
export interface ActorColumns {
  actor_employee_id: string | null;
  actor_token_id: number | string | null;
  actor_session_id: number | string | null;
}

/** The actor of a stored change; null when none was recorded (entries older than the audit trail). */
export function actorOfRow(r: ActorColumns): Actor | null {
  if (r.actor_employee_id === null && r.actor_token_id === null && r.actor_session_id === null) return null;
  return {
    employee_id: r.actor_employee_id,
    token_id: r.actor_token_id === null ? null : Number(r.actor_token_id),
    session_id: r.actor_session_id === null ? null : Number(r.actor_session_id),
  };
}

/** A feed entry as the API shows it (GET /changes and webhook payloads alike); previous_key only on a rename. */
export function changeView(c: {
  cursor: number;
  type: string;
  key: string;
  op: string;
  changed_at: string;
  previous_key?: string | null;
  actor?: Actor | null;
  data: unknown;
}) {
  return {
    cursor: String(c.cursor),
    type: c.type,
    key: c.key,
    ...(c.previous_key ? { previous_key: c.previous_key } : {}),
    op: c.op,
    changed_at: outTimestamp(c.changed_at),
    actor: c.actor ?? null,
    data: c.data ?? null,
  };
}

/** The same entry as JSON text, its data embedded as recorded (webhook payloads: no parse and stringify again). */
export function changeText(c: RecordedChange): string {
  const { data, ...rest } = changeView({ ...c, data: null });
  return `${JSON.stringify(rest).slice(0, -1)},"data":${c.data ?? 'null'}}`;
}

/**
 * Append changes with the next cursors of the tenant; call last in the write transaction. On PostgreSQL the counter
 * and the entries are written in one statement (one round trip per write).
 */
export async function recordChanges(
  db: TenantDb,
  changes: readonly ChangeInput[],
  dialect?: Dialect,
): Promise<RecordedChange[]> {
  if (changes.length === 0) return [];
  const n = changes.length;
  if (dialect === 'postgres') {
    const changed_at = nowTimestamp();
    const values = JSON.stringify(
      changes.map((c, i) => ({
        i,
        type: c.type,
        key: c.key,
        op: c.op,
        previous_key: c.previous_key ?? null,
        data: c.data,
        employee_id: c.actor?.employee_id ?? null,
        token_id: c.actor?.token_id ?? null,
        session_id: c.actor?.session_id ?? null,
        fields: c.fields ?? null,
      })),
    );
    const { rows } = await sql<{ last: number }>`
      WITH c AS (
        INSERT INTO change_counters (tenant_id, last_cursor, pruned_through) VALUES (${db.tenantId}, ${n}, 0)
        ON CONFLICT (tenant_id) DO UPDATE SET last_cursor = change_counters.last_cursor + ${n} WHERE change_counters.tenant_id = ${db.tenantId}
        RETURNING last_cursor
      ), entries AS (
        INSERT INTO changes (tenant_id, cursor, type, key, op, changed_at, previous_key, data,
          actor_employee_id, actor_token_id, actor_session_id, fields)
        SELECT ${db.tenantId}, c.last_cursor - ${n} + 1 + v.i, v.type, v.key, v.op, ${changed_at}::timestamp, v.previous_key, v.data,
          v.employee_id, v.token_id, v.session_id, v.fields
        FROM c, jsonb_to_recordset(${values}::jsonb) AS v (i int, type text, key text, op text, previous_key text, data text,
          employee_id text, token_id bigint, session_id bigint, fields text)
      )
      SELECT last_cursor AS last FROM c`.execute(db.kysely);
    const last = Number(rows[0].last);
    return changes.map((c, i) => ({ ...c, cursor: last - n + 1 + i, changed_at }));
  }
  const { last_cursor } = await db
    .insertInto('change_counters', { last_cursor: n, pruned_through: 0 })
    .onConflict((oc) => oc.column('tenant_id').doUpdateSet({ last_cursor: sql`change_counters.last_cursor + ${n}` }))
    .returning('last_cursor')
    .executeTakeFirstOrThrow();
  const changed_at = nowTimestamp();
  const recorded = changes.map((c, i) => ({ ...c, cursor: Number(last_cursor) - n + 1 + i, changed_at }));
  await db
    .insertInto(
      'changes',
      recorded.map((c) => ({
        cursor: c.cursor,
        type: c.type,
        key: c.key,
        op: c.op,
        changed_at,
        previous_key: c.previous_key ?? null,
        data: c.data,
        actor_employee_id: c.actor?.employee_id ?? null,
        actor_token_id: c.actor?.token_id ?? null,
        actor_session_id: c.actor?.session_id ?? null,
        fields: c.fields ?? null,
      })),
    )
    .execute();
  return recorded;
}

/** The record's version: the cursor of its latest change, 0 when it never changed through the API. */
// Compiled once (db/prepared.ts): every GET of a record runs it for its ETag.
const lastCursor = preparedFirst((db, p: { type: string; key: string }) =>
  db
    .selectFrom('changes')
    .select('cursor')
    .where('type', '=', p.type)
    .where('key', '=', p.key)
    .orderBy('cursor', 'desc')
    .limit(1),
);

export async function recordVersion(db: TenantDb, type: string, key: string): Promise<number> {
  const row = await lastCursor(db, { type, key });
  return row ? Number(row.cursor) : 0;
}

/** The tenant's feed after `since`: changes in cursor order, optionally of some types, never of the hidden ones. */
export async function listChanges(
  db: TenantDb,
  since: number,
  types: readonly string[] | undefined,
  hidden: readonly string[],
  limit: number,
) {
  let q = db
    .selectFrom('changes')
    .select([
      'cursor',
      'type',
      'key',
      'op',
      'changed_at',
      'previous_key',
      'data',
      'actor_employee_id',
      'actor_token_id',
      'actor_session_id',
    ])
    .where('cursor', '>', since);
  if (types?.length) q = q.where('type', 'in', types);
  if (hidden.length) q = q.where('type', 'not in', hidden);
  const rows = await q.orderBy('cursor').limit(limit).execute();
  return rows.map((r) =>
    changeView({
      ...r,
      cursor: Number(r.cursor),
      actor: actorOfRow(r),
      data: r.data === null ? null : JSON.parse(r.data),
    }),
  );
}

/** The tenant's counter: the last cursor handed out and how far the feed was pruned. */
export async function feedBounds(db: TenantDb): Promise<{ last: number; prunedThrough: number }> {
  const row = await db.selectFrom('change_counters').select(['last_cursor', 'pruned_through']).executeTakeFirst();
  return { last: Number(row?.last_cursor ?? 0), prunedThrough: Number(row?.pruned_through ?? 0) };
}

/**
 * Drop the tenant's changes older than the cutoff that no longer say anything current: deletions (tombstones past
 * retention) and changes a later change of the same record supersedes. A record's latest create/update stays, so
 * its version (ETag) survives. Clients behind the highest pruned cursor get 410.
 */
export async function pruneChanges(db: TenantDb, cutoff: string): Promise<number> {
  const doomed = await db
    .selectFrom('changes as c')
    .select('c.cursor')
    .where('c.changed_at', '<', cutoff)
    .where((eb) =>
      eb.or([
        eb('c.op', '=', 'delete'),
        eb.exists(
          eb
            .selectFrom('changes as n')
            .select('n.cursor')
            .where('n.tenant_id', '=', db.tenantId)
            .whereRef('n.type', '=', 'c.type')
            .whereRef('n.key', '=', 'c.key')
            .whereRef('n.cursor', '>', 'c.cursor'),
        ),
      ]),
    )
    .orderBy('c.cursor', 'desc')
    .execute();
  if (doomed.length === 0) return 0;
  const highest = Number(doomed[0].cursor);
  const cursors = doomed.map((d) => Number(d.cursor));
  for (let i = 0; i < cursors.length; i += 500)
    await db
      .deleteFrom('changes')
      .where('cursor', 'in', cursors.slice(i, i + 500))
      .execute();
  await db
    .updateTable('change_counters')
    .set({ pruned_through: sql`CASE WHEN pruned_through < ${highest} THEN ${highest} ELSE pruned_through END` })
    .execute();
  return cursors.length;
}
