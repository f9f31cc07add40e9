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

/**
 * The checks that still find rows of this tenant pointing at `value`, each described with its count so a refusal
 * says what to clear first: `bookings (12)`. Each count reads the referencing table's (tenant, column) index.
 */
export async function findReferences(
  db: TenantDb,
  checks: readonly ReferenceCheck[],
  value: number | string,
): Promise<string[]> {
  const found: string[] = [];
  for (const c of checks) {
    const row = await untyped(db)
      .selectFrom(c.table)
      .select((eb: any) => eb.fn.countAll().as('n'))
      .where(c.column, '=', value)
      .executeTakeFirst();
    const n = Number((row as { n?: unknown } | undefined)?.n ?? 0);
    if (n > 0) found.push(`${c.what} (${n})`);
  }
  return found;
}
