// Projects: statuses, projects, tasks, assignments, activities and price tables with fallback.
import { GRANT, PROFILES, type AreaGrants } from '../../access/matrix.js';
import type { ZkApp } from '../../types.js';
import type { DocsTags } from '../../plugins/docs-groups.js';
import type { Reference } from '../../db/references.js';
import type { AreaRows } from '../../access/rows.js';
import projectStatuses from './project-statuses.routes.js';
import projects from './projects.routes.js';
import projectTasks from './project-tasks.routes.js';
import projectAssignments from './project-assignments.routes.js';
import projectActivities from './project-activities.routes.js';
import projectPriceTables from './project-price-tables.routes.js';

export { examples } from './projects.examples.js';
export { demo } from './projects.demo.js';

/** The /docs group of each tag its operations carry. */
export const docsTags: DocsTags = {
  Projects: 'customers-projects',
  'Project activities': 'customers-projects',
  'Project employees': 'customers-projects',
  'Project locations': 'customers-projects',
  'Project price tables': 'customers-projects',
  'Project statuses': 'customers-projects',
  'Project tasks': 'customers-projects',
};

/** Columns of this module's tables that name other records: their deletes are refused while rows refer to them. */
export const references: Reference[] = [
  { table: 'projects', column: 'customer_id', to: 'customers', by: 'customer_number', what: 'projects', order: 40 },
  { table: 'projects', column: 'project_status_id', to: 'project_statuses', by: 'name', what: 'projects', order: 40 },
  {
    table: 'projects',
    column: 'department_id',
    to: 'departments',
    what: 'the department of projects',
    order: 40,
  },
  { table: 'project_tasks', column: 'parent_id', to: 'project_tasks', what: 'child tasks', order: 35 },
  { table: 'project_activities', column: 'activity_id', to: 'activities', what: 'projects', order: 76 },
];

/** The rows a person with a narrower grant than all reaches: the projects they are assigned to (access/rows.ts). */
export const rowRules: AreaRows = {
  own: {
    param: 'username',
    record: {
      table: 'project_assignments',
      key: 'project_id',
      column: 'employee_id',
      paths: [
        '/projects/:id',
        '/projects/:id/tasks',
        '/projects/:id/tasks/:task_id',
        '/projects/:id/activities',
        '/projects/:id/activities/:activity',
        '/projects/:id/locations',
        '/projects/:id/locations/:name',
      ],
    },
    list: {
      paths: ['/projects'],
      column: 'id',
      via: { table: 'project_assignments', key: 'project_id', column: 'employee_id' },
    },
  },
};

/** Who may read and write this area, by role (src/access/matrix.ts, docs/api/permissions.md). */
export const grants: AreaGrants = { ...PROFILES.office, user: GRANT.readOwn, extended: GRANT.readOwn };

/** The project statuses are master data: everybody reads them (their projects show them), administrators change them. */
export const areas: Readonly<Record<string, AreaGrants>> = { 'project-statuses': PROFILES.shared };

export default async function projectsArea(app: ZkApp) {
  await app.register(projectStatuses);
  await app.register(projects);
  await app.register(projectTasks);
  await app.register(projectAssignments);
  await app.register(projectActivities);
  await app.register(projectPriceTables);
}
