// What keeps a project (or a task, ticket, subtask) from being deleted. The attendance module adds its
// bookings here, e.g. PROJECT_REFERENCES.push({ table: 'attendances', column: 'project_id', what: 'bookings' }).
// Everything a project owns (tasks, assignments, activities, locations, own price tables) is deleted with it
// instead (projects.repository.ts deleteProjectCascade).
import { sql, type Kysely } from 'kysely';
import type { DB } from '../../db/types.js';

export interface ReferenceCheck {
  table: string;
  column: string;
  /** Completes "The project still has …". */
  what: string;
}

export const PROJECT_REFERENCES: ReferenceCheck[] = [{ table: 'tickets', column: 'project_id', what: 'tickets' }];
export const TASK_REFERENCES: ReferenceCheck[] = [
  { table: 'project_tasks', column: 'parent_id', what: 'child tasks' },
  { table: 'tickets', column: 'project_task_id', what: 'tickets' },
];
export const TICKET_REFERENCES: ReferenceCheck[] = [];
export const SUBTASK_REFERENCES: ReferenceCheck[] = [];

/** The descriptions of the checks that still find a row pointing at `id` in this tenant. */
export async function findReferences(db: Kysely<DB>, tenantId: number, checks: readonly ReferenceCheck[], id: number): Promise<string[]> {
  const found: string[] = [];
  for (const c of checks) {
    const row = await sql<{ one: number }>`SELECT 1 AS one FROM ${sql.table(c.table)} WHERE tenant_id = ${tenantId} AND ${sql.ref(c.column)} = ${id} LIMIT 1`.execute(db);
    if (row.rows.length > 0) found.push(c.what);
  }
  return found;
}
