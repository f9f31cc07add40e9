// "What still points at this record?" — one mechanism for every delete refusal (departments, customers,
// projects, tasks, tickets, subtasks, ...). Each owning module keeps a list of checks; other modules append
// the tables of theirs that reference it.
import { sql, type Kysely } from 'kysely';
import type { DB } from './schema.js';

export interface ReferenceCheck {
  table: string;
  column: string;
  /** Completes "… is still referenced by …", e.g. 'projects'. */
  what: string;
}

/** The descriptions of the checks that still find a row of this tenant pointing at `value`. */
export async function findReferences(db: Kysely<DB>, tenantId: number, checks: readonly ReferenceCheck[], value: number | string): Promise<string[]> {
  const found: string[] = [];
  for (const c of checks) {
    const row = await sql<{ one: number }>`SELECT 1 AS one FROM ${sql.table(c.table)} WHERE tenant_id = ${tenantId} AND ${sql.ref(c.column)} = ${value} LIMIT 1`.execute(db);
    if (row.rows.length > 0) found.push(c.what);
  }
  return found;
}
