// Projects: statuses, projects, tasks, assignments, activities and price tables with fallback.
import type { ZkApp } from '../../types.js';
import type { DocsTags } from '../../plugins/docs-groups.js';
import projectStatuses from './project-statuses.routes.js';
import projects from './projects.routes.js';
import projectTasks from './project-tasks.routes.js';
import projectAssignments from './project-assignments.routes.js';
import projectActivities from './project-activities.routes.js';
import projectPriceTables from './project-price-tables.routes.js';

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

export default async function projectsArea(app: ZkApp) {
  await app.register(projectStatuses);
  await app.register(projects);
  await app.register(projectTasks);
  await app.register(projectAssignments);
  await app.register(projectActivities);
  await app.register(projectPriceTables);
}
