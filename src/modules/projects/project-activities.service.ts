// The activities allowed on a project (an existing activity, allowed once) and the locations of a project (a name
// once per project).
import type { Static } from '@sinclair/typebox';
import { fieldError } from '../../values/errors.js';
import { assertUnique } from '../crud/index.js';
import type { Scope } from '../../tenancy/scope.js';
import { findActivity } from '../activities/activities.repository.js';
import type {
  ProjectActivityCreate,
  ProjectActivityUpdate,
  ProjectLocationUpdateT,
} from './project-activities.schemas.js';
import {
  deleteProjectActivity,
  deleteProjectLocation,
  findProjectActivity,
  findProjectLocation,
  insertProjectActivity,
  insertProjectLocation,
  listProjectActivities,
  listProjectLocations,
  toProjectActivity,
  toProjectLocation,
  updateProjectActivity,
  updateProjectLocation,
  type ProjectActivityRow,
  type ProjectLocationRow,
} from './project-activities.repository.js';
import type { ProjectRow } from './projects.repository.js';

/** The activities allowed on a project as the CRUD kit (modules/crud) lists, reads and writes them; the name is the key. */
export const projectActivities = {
  list: ({ db }: Scope, _query: unknown, project: ProjectRow) => listProjectActivities(db, Number(project.id)),
  find: ({ db }: Scope, name: string, project: ProjectRow) => findProjectActivity(db, Number(project.id), name),
  show: (_s: Scope, row: ProjectActivityRow) => toProjectActivity(row),
  insert: async ({ db }: Scope, body: Static<typeof ProjectActivityCreate>, project: ProjectRow) => {
    const activity = await findActivity(db, body.name);
    if (!activity) throw fieldError('name', 'The selected activity does not exist.');
    await assertUnique(db, 'project_activities', 'name', Number(activity.id), {
      column: 'activity_id',
      where: { project_id: project.id },
      message: 'The activity is already allowed on the project.',
    });
    await insertProjectActivity(db, Number(project.id), Number(activity.id), body.default_factor ?? 1);
    return (await findProjectActivity(db, Number(project.id), body.name))!;
  },
  update: async (
    { db }: Scope,
    row: ProjectActivityRow,
    changes: Static<typeof ProjectActivityUpdate>,
    project: ProjectRow,
  ) => {
    if (changes.default_factor !== undefined) await updateProjectActivity(db, Number(row.id), changes.default_factor);
    return (await findProjectActivity(db, Number(project.id), row.name))!;
  },
  remove: async ({ db }: Scope, row: ProjectActivityRow) => {
    await deleteProjectActivity(db, Number(row.id));
  },
};

const locationNameFree = (s: Scope, project: ProjectRow, name: string | undefined, current?: ProjectLocationRow) =>
  assertUnique(s.db, 'project_locations', 'name', name, {
    where: { project_id: project.id },
    exceptId: current ? Number(current.id) : undefined,
    message: 'The project already has a location with this name.',
  });

/** The locations of a project as the CRUD kit (modules/crud) lists, reads and writes them; the name is the key. */
export const projectLocations = {
  list: ({ db }: Scope, _query: unknown, project: ProjectRow) => listProjectLocations(db, Number(project.id)),
  find: ({ db }: Scope, name: string, project: ProjectRow) => findProjectLocation(db, Number(project.id), name),
  show: (_s: Scope, row: ProjectLocationRow) => toProjectLocation(row),
  insert: async (s: Scope, body: ProjectLocationUpdateT & { name: string }, project: ProjectRow) => {
    await locationNameFree(s, project, body.name);
    return insertProjectLocation(s.db, Number(project.id), body);
  },
  update: async (s: Scope, row: ProjectLocationRow, changes: ProjectLocationUpdateT, project: ProjectRow) => {
    await locationNameFree(s, project, changes.name, row);
    return updateProjectLocation(s.db, Number(row.id), changes);
  },
  remove: async ({ db }: Scope, row: ProjectLocationRow) => {
    await deleteProjectLocation(db, Number(row.id));
  },
};
