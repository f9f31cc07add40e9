// SQL for project activities and project locations; every query is scoped by tenant and project.
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.js';
import type { ListSpec } from '../../http/list/index.js';
import { nowTimestamp } from '../../http/formats.js';
import type { ProjectActivityT, ProjectLocationT, ProjectLocationUpdateT } from './project-activities.schemas.js';

export const projectActivitySpec: ListSpec = {
  key: ['pa.id'],
  modified: 'pa.modified',
  sortable: { id: 'pa.id', name: 'a.name', default_factor: 'pa.default_factor', created: { column: 'pa.created', nullable: true }, modified: { column: 'pa.modified', nullable: true } },
};

export const listProjectActivities = (db: Kysely<DB>, tenantId: number, projectId: number) =>
  db
    .selectFrom('project_activities as pa')
    .innerJoin('activities as a', (j) => j.onRef('a.tenant_id', '=', 'pa.tenant_id').onRef('a.id', '=', 'pa.activity_id'))
    .select(['pa.id', 'a.name', 'pa.default_factor'])
    .where('pa.tenant_id', '=', tenantId)
    .where('pa.project_id', '=', projectId);

export const findProjectActivity = (db: Kysely<DB>, tenantId: number, projectId: number, name: string) =>
  listProjectActivities(db, tenantId, projectId).where('a.name', '=', name).executeTakeFirst();

export async function insertProjectActivity(db: Kysely<DB>, tenantId: number, projectId: number, activityId: number, factor: number) {
  const now = nowTimestamp();
  await db.insertInto('project_activities').values({ tenant_id: tenantId, project_id: projectId, activity_id: activityId, default_factor: factor, created: now, modified: now }).execute();
}

export const updateProjectActivity = (db: Kysely<DB>, tenantId: number, id: number, factor: number) =>
  db.updateTable('project_activities').set({ default_factor: factor, modified: nowTimestamp() }).where('tenant_id', '=', tenantId).where('id', '=', id).execute();

export const deleteProjectActivity = (db: Kysely<DB>, tenantId: number, id: number) =>
  db.deleteFrom('project_activities').where('tenant_id', '=', tenantId).where('id', '=', id).execute();

export const toProjectActivity = (r: { id: number; name: string; default_factor: number }): ProjectActivityT => ({ id: Number(r.id), name: r.name, default_factor: Number(r.default_factor) });

/** Project locations: default (and tie-breaking) order is the name (contract list rule). */
export const projectLocationSpec: ListSpec = {
  key: ['name'],
  sortable: { name: 'name', description: { column: 'description', nullable: true }, created: { column: 'created', nullable: true }, modified: { column: 'modified', nullable: true } },
};

export const listProjectLocations = (db: Kysely<DB>, tenantId: number, projectId: number) =>
  db.selectFrom('project_locations').selectAll().where('tenant_id', '=', tenantId).where('project_id', '=', projectId);

export const findProjectLocation = (db: Kysely<DB>, tenantId: number, projectId: number, name: string) =>
  listProjectLocations(db, tenantId, projectId).where('name', '=', name).executeTakeFirst();

export async function insertProjectLocation(db: Kysely<DB>, tenantId: number, projectId: number, body: ProjectLocationUpdateT & { name: string }) {
  const now = nowTimestamp();
  return db
    .insertInto('project_locations')
    .values({ tenant_id: tenantId, project_id: projectId, name: body.name, description: body.description ?? null, created: now, modified: now })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export const updateProjectLocation = (db: Kysely<DB>, tenantId: number, id: number, body: ProjectLocationUpdateT) =>
  db.updateTable('project_locations').set({ ...body, modified: nowTimestamp() }).where('tenant_id', '=', tenantId).where('id', '=', id).returningAll().executeTakeFirstOrThrow();

export const deleteProjectLocation = (db: Kysely<DB>, tenantId: number, id: number) =>
  db.deleteFrom('project_locations').where('tenant_id', '=', tenantId).where('id', '=', id).execute();

export const toProjectLocation = (r: { name: string; description: string | null; project_id: number }): ProjectLocationT => ({
  name: r.name,
  description: r.description,
  project_id: Number(r.project_id),
});
