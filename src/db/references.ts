// "What still points at this record?" — one mechanism for every delete refusal (departments, customers,
// projects, tasks, tickets, subtasks, ...). Each owning module keeps a list of checks; other modules append
// the tables of theirs that reference it.
import { untyped, type TenantDb, type TenantTable } from './tenant-scope.js';

export interface ReferenceCheck {
  table: TenantTable;
  column: string;
  /** Completes "… is still referenced by …", e.g. 'projects'. */
  what: string;
}

/** The descriptions of the checks that still find a row of this tenant pointing at `value`. */
export async function findReferences(db: TenantDb, checks: readonly ReferenceCheck[], value: number | string): Promise<string[]> {
  const found: string[] = [];
  for (const c of checks) {
    const row = await untyped(db).selectFrom(c.table).select('tenant_id').where(c.column, '=', value).limit(1).executeTakeFirst();
    if (row) found.push(c.what);
  }
  return found;
}
