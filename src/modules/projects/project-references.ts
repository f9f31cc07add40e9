// What keeps a project (or a task, ticket, subtask) from being deleted. The attendance module adds its
// bookings here, e.g. PROJECT_REFERENCES.push({ table: 'attendances', column: 'project_id', what: 'bookings' }).
// Everything a project owns (tasks, assignments, activities, locations, own price tables) is deleted with it
// instead (projects.repository.ts deleteProjectCascade).
import type { ReferenceCheck } from '../../db/references.js';

export const PROJECT_REFERENCES: ReferenceCheck[] = [
  { table: 'tickets', column: 'project_id', what: 'tickets' },
  { table: 'attendances', column: 'project_id', what: 'bookings' },
];
export const TASK_REFERENCES: ReferenceCheck[] = [
  { table: 'project_tasks', column: 'parent_id', what: 'child tasks' },
  { table: 'tickets', column: 'project_task_id', what: 'tickets' },
  { table: 'attendances', column: 'project_task_id', what: 'bookings' },
];
export const TICKET_REFERENCES: ReferenceCheck[] = [{ table: 'attendances', column: 'ticket_id', what: 'bookings' }];
export const SUBTASK_REFERENCES: ReferenceCheck[] = [{ table: 'attendances', column: 'subtask_id', what: 'bookings' }];
