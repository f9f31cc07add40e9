// Tickets with their subtasks and attachments.
import { type AreaGrants, PROFILES } from '../../access/matrix.js';
import type { ZkApp } from '../../types.js';
import type { DocsTags } from '../../plugins/docs-groups.js';
import type { Reference } from '../../db/references.js';
import tickets from './tickets.routes.js';
import subtasks from './subtasks.routes.js';
import attachments from './ticket-attachments.routes.js';

export { examples } from './tickets.examples.js';
export { demo } from './tickets.demo.js';

/** The /docs group of each tag its operations carry. */
export const docsTags: DocsTags = {
  Tickets: 'tickets-documents',
  'Ticket subtasks': 'tickets-documents',
  'Ticket attachments': 'tickets-documents',
};

/** Columns of this module's tables that name other records: their deletes are refused while rows refer to them. */
export const references: Reference[] = [
  { table: 'tickets', column: 'project_id', to: 'projects', what: 'tickets', order: 50 },
  { table: 'tickets', column: 'project_task_id', to: 'project_tasks', what: 'tickets', order: 50 },
];

/** Who may read and write this area, by role (src/access/matrix.ts, docs/api/permissions.md). */
export const grants: AreaGrants = PROFILES.office;

export default async function ticketsArea(app: ZkApp) {
  await app.register(tickets);
  await app.register(subtasks);
  await app.register(attachments);
}
