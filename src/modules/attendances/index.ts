// Attendances (project time bookings) with every booking rule.
import { type AreaGrants, GRANT, PROFILES } from '../../access/matrix.js';
import type { ZkApp } from '../../types.js';
import type { DocsTags } from '../../plugins/docs-groups.js';
import type { Reference } from '../../db/references.js';
import type { AreaRows } from '../../access/rows.js';
import attendanceRoutes from './attendances.routes.js';
import attendanceBulkRoutes from './attendances.bulk.js';

export { examples } from './attendances.examples.js';

/** The /docs group of each tag its operations carry. */
export const docsTags: DocsTags = { Attendances: 'time' };

/** Columns of this module's tables that name other records: their deletes are refused while rows refer to them. */
export const references: Reference[] = [
  { table: 'attendances', column: 'activity_id', to: 'activities', by: 'name', what: 'bookings', order: 60 },
  { table: 'attendances', column: 'project_id', to: 'projects', what: 'bookings', order: 60 },
  { table: 'attendances', column: 'project_task_id', to: 'project_tasks', what: 'bookings', order: 60 },
  { table: 'attendances', column: 'ticket_id', to: 'tickets', what: 'bookings', order: 60 },
  { table: 'attendances', column: 'subtask_id', to: 'ticket_subtasks', what: 'bookings', order: 60 },
  { table: 'attendances', column: 'work_location_id', to: 'locations', by: 'code', what: 'bookings', order: 60 },
  { table: 'attendances', column: 'invoice_item_id', to: 'invoice_items', what: 'bookings', order: 60 },
];

/** The rows a person with a narrower grant than all reaches (access/rows.ts, docs/api/permissions.md). */
export const rowRules: AreaRows = {
  own: {
    query: 'employee_id',
    body: 'employee_id',
    record: { table: 'attendances', column: 'employee_id', paths: ['/attendances/:id'] },
    // Releasing bookings for billing is the project's decision, not the booker's.
    refused: { '/attendances/:id/release': 'attendances:release' },
  },
  // Project Controllers: the bookings of the projects they control; they release them for billing.
  controlled: {
    table: 'attendances',
    employee: 'employee_id',
    project: 'project_id',
    lists: ['/attendances'],
    records: ['/attendances/:id'],
    writes: ['/attendances/:id/release'],
  },
};

/** Who may read and write this area, by role (src/access/matrix.ts, docs/api/permissions.md). */
export const grants: AreaGrants = { ...PROFILES.personal, project_controller: GRANT.controlledRelease };

export default async function attendances(app: ZkApp) {
  await app.register(attendanceRoutes);
  await app.register(attendanceBulkRoutes);
}
