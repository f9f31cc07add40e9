// What keeps a project (or a task, ticket, subtask) from being deleted. The attendance module adds its
// bookings here, e.g. PROJECT_REFERENCES.push({ table: 'attendances', column: 'project_id', what: 'bookings' }).
// Everything a project owns (tasks, assignments, activities, locations, own price tables) is deleted with it
// instead (projects.repository.ts deleteProjectCascade).
import type { ReferenceCheck } from '../../db/references.js';

export const PROJECT_REFERENCES: ReferenceCheck[] = [{ table: 'tickets', column: 'project_id', what: 'tickets' }];
export const TASK_REFERENCES: ReferenceCheck[] = [
  { table: 'project_tasks', column: 'parent_id', what: 'child tasks' },
  { table: 'tickets', column: 'project_task_id', what: 'tickets' },
];
export const TICKET_REFERENCES: ReferenceCheck[] = [];
export const SUBTASK_REFERENCES: ReferenceCheck[] = [];
