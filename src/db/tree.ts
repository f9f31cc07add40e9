// Trees of rows linked by parent_id (project tasks, folders): the one cycle check a change of parent runs.
import { untyped, type TenantDb } from './tenant-scope.js';

/** Tables whose rows form a tree through `parent_id`. */
export type TreeTable = 'project_tasks' | 'folders';

/** Is `candidate` the row `id` itself or below it? (A new parent must not create a cycle.) */
export async function isSelfOrDescendant(
  db: TenantDb,
  table: TreeTable,
  id: number,
  candidate: number,
): Promise<boolean> {
  let current: number | null = candidate;
  for (let depth = 0; current !== null && depth < 1000; depth++) {
    if (current === id) return true;
    const row: { parent_id: number | null } | undefined = await untyped(db)
      .selectFrom(table)
      .select('parent_id')
      .where('id', '=', current)
      .executeTakeFirst();
    current = row?.parent_id === null || row === undefined ? null : Number(row.parent_id);
  }
  return false;
}
