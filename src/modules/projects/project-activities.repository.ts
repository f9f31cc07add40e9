// SQL for project activities and project locations; every query is scoped by tenant and project.
import type { Selectable } from 'kysely';
import type { TenantDb } from '../../db/tenant-scope.js';
import type { ProjectLocationsTable } from './projects.tables.js';
import type { ListSpec } from '../../db/list-spec.js';
import { nowTimestamp } from '../../values/formats.js';
import {
  ProjectActivity,
  ProjectLocation,
  type ProjectActivityT,
  type ProjectLocationT,
  type ProjectLocationUpdateT,
} from './project-activities.schemas.js';
import { rowMapper } from '../../db/row-mapping.js';

export const projectActivitySpec: ListSpec = {
  key: ['pa.id'],
  modified: 'pa.modified',
  sortable: {
    id: 'pa.id',
    name: 'a.name',
    default_factor: 'pa.default_factor',
    created: { column: 'pa.created', nullable: true },
    modified: { column: 'pa.modified', nullable: true },
  },
};

export const listProjectActivities = (db: TenantDb, projectId: number) =>
  db
    .selectFrom('project_activities as pa')
    .innerJoin('activities as a', (j) =>
      j.onRef('a.tenant_id', '=', 'pa.tenant_id').onRef('a.id', '=', 'pa.activity_id'),
    )
    .select(['pa.id', 'a.name', 'pa.default_factor', 'pa.created_by', 'pa.modified_by'])
    .where('pa.project_id', '=', projectId);

export type ProjectActivityRow = {
  id: number;
  name: string;
  default_factor: number;
  created_by: string | null;
  modified_by: string | null;
};

export const findProjectActivity = (
  db: TenantDb,
  projectId: number,
  name: string,
): Promise<ProjectActivityRow | undefined> =>
  listProjectActivities(db, projectId).where('a.name', '=', name).executeTakeFirst();

export async function insertProjectActivity(db: TenantDb, projectId: number, activityId: number, factor: number) {
  const now = nowTimestamp();
  await db
    .insertInto('project_activities', {
      project_id: projectId,
      activity_id: activityId,
      default_factor: factor,
      created: now,
      modified: now,
    })
    .execute();
}

export const updateProjectActivity = (db: TenantDb, id: number, factor: number) =>
  db
    .updateTable('project_activities')
    .set({ default_factor: factor, modified: nowTimestamp() })
    .where('id', '=', id)
    .execute();

export const deleteProjectActivity = (db: TenantDb, id: number) =>
  db.deleteFrom('project_activities').where('id', '=', id).execute();

/** Project locations: default (and tie-breaking) order is the name (contract list rule). */
export const projectLocationSpec: ListSpec = {
  key: ['name'],
  sortable: {
    name: 'name',
    description: { column: 'description', nullable: true },
    created: { column: 'created', nullable: true },
    modified: { column: 'modified', nullable: true },
  },
};

export const listProjectLocations = (db: TenantDb, projectId: number) =>
  db.selectFrom('project_locations').selectAll().where('project_id', '=', projectId);

export type ProjectLocationRow = Selectable<ProjectLocationsTable>;

export const findProjectLocation = (db: TenantDb, projectId: number, name: string) =>
  listProjectLocations(db, projectId).where('name', '=', name).executeTakeFirst();

export async function insertProjectLocation(
  db: TenantDb,
  projectId: number,
  body: ProjectLocationUpdateT & { name: string },
) {
  const now = nowTimestamp();
  return db
    .insertInto('project_locations', {
      project_id: projectId,
      name: body.name,
      description: body.description ?? null,
      created: now,
      modified: now,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export const updateProjectLocation = (db: TenantDb, id: number, body: ProjectLocationUpdateT) =>
  db
    .updateTable('project_locations')
    .set({ ...body, modified: nowTimestamp() })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();

export const deleteProjectLocation = (db: TenantDb, id: number) =>
  db.deleteFrom('project_locations').where('id', '=', id).execute();

export const toProjectActivity: (r: ProjectActivityRow) => ProjectActivityT = rowMapper(ProjectActivity);

export const toProjectLocation: (r: {
  name: string;
  description: string | null;
  project_id: number;
  created_by: string | null;
  modified_by: string | null;
}) => ProjectLocationT = rowMapper(ProjectLocation);
