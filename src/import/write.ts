// Writing what one page brought: its rows, inserted or (when a row of the same key is there: a rerun, a record the
// new tenant starts with) updated, and the resource's checkpoint, all in the caller's transaction. Rows are written
// as the source has them: no booking rule is checked (docs/import.md "History as it was").
import { untyped, type TenantDb } from '../db/tenant-scope.js';
import { nowTimestamp } from '../values/formats.js';

type Row = Record<string, unknown>;

/** Rows per INSERT: under both databases' bind-parameter limits. */
const perInsert = (row: Row) => Math.max(1, Math.floor(30_000 / (Object.keys(row).length + 1)));

const keyOf = (row: Row, key: readonly string[]) => key.map((k) => String(row[k])).join('\u0000');

export async function upsertRows(db: TenantDb, table: string, key: readonly string[], rows: Row[]): Promise<void> {
  if (rows.length === 0) return;
  const u = untyped(db);
  const existing = new Set<string>();
  for (let i = 0; i < rows.length; i += 500) {
    const chunk = rows.slice(i, i + 500);
    let q = u.selectFrom(table).select([...key]);
    if (key.length === 1)
      q = q.where(
        key[0],
        'in',
        chunk.map((r) => r[key[0]]),
      );
    for (const row of await q.execute()) existing.add(keyOf(row, key));
  }
  const inserts: Row[] = [];
  for (const row of rows) {
    if (!existing.has(keyOf(row, key))) {
      inserts.push(row);
      continue;
    }
    const changes = Object.fromEntries(Object.entries(row).filter(([c]) => !key.includes(c)));
    let q = u.updateTable(table).set(changes);
    for (const k of key) q = q.where(k, '=', row[k]);
    await q.execute();
  }
  // Rows of different shapes (a field one record has and another lacks) go in separate statements.
  const shapes = new Map<string, Row[]>();
  for (const row of inserts) {
    const shape = Object.keys(row).sort().join(',');
    shapes.set(shape, [...(shapes.get(shape) ?? []), row]);
  }
  for (const group of shapes.values())
    for (let i = 0, n = perInsert(group[0]); i < group.length; i += n)
      await u.insertInto(table, group.slice(i, i + n)).execute();
}

export interface Checkpoint {
  resource: string;
  source: string;
  next_page: number;
  done: boolean;
  records: number;
}

export async function readCheckpoint(db: TenantDb, resource: string): Promise<Checkpoint | undefined> {
  const row = await db.selectFrom('import_checkpoints').selectAll().where('resource', '=', resource).executeTakeFirst();
  if (!row) return undefined;
  return {
    resource,
    source: row.source,
    next_page: Number(row.next_page),
    done: Boolean(Number(row.done)),
    records: Number(row.records),
  };
}

export async function writeCheckpoint(db: TenantDb, c: Checkpoint): Promise<void> {
  const now = nowTimestamp();
  const values = { source: c.source, next_page: c.next_page, done: c.done, records: c.records, modified: now };
  const updated = await db
    .updateTable('import_checkpoints')
    .set(values)
    .where('resource', '=', c.resource)
    .executeTakeFirst();
  if (Number(updated.numUpdatedRows) === 0)
    await db.insertInto('import_checkpoints', { resource: c.resource, ...values, started: now }).execute();
}

/** Forgets where the imports of this tenant stood (`--again`): the next run reads everything again. */
export async function clearCheckpoints(db: TenantDb): Promise<void> {
  await db.deleteFrom('import_checkpoints').execute();
}
