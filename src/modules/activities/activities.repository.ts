// SQL for activities; every query is scoped by tenant.
import type { Selectable } from 'kysely';
import type { TenantDb } from '../../db/tenant-scope.js';
import type { ReferenceCheck } from '../../db/references.js';
import type { ActivitiesTable } from './activities.tables.js';
import type { ListSpec } from '../../db/list-spec.js';
import { nowTimestamp } from '../../values/formats.js';
import { rowMapper } from '../../db/row-mapping.js';
import { Activity, type ActivityT, type ActivityUpdateT } from './activities.schemas.js';

export type ActivityRow = Selectable<ActivitiesTable>;

export const activityListSpec: ListSpec = {
  key: ['name'],
  sortable: {
    name: 'name',
    description: { column: 'description', nullable: true },
    is_travel: 'is_travel',
    created: { column: 'created', nullable: true },
    modified: { column: 'modified', nullable: true },
  },
};

export const listActivities = (db: TenantDb) => db.selectFrom('activities').selectAll();

export const findActivity = (db: TenantDb, name: string) =>
  db.selectFrom('activities').selectAll().where('name', '=', name).executeTakeFirst();

export async function insertActivity(db: TenantDb, body: ActivityUpdateT & { name: string }) {
  const now = nowTimestamp();
  return db
    .insertInto('activities', {
      name: body.name,
      description: body.description ?? null,
      is_travel: body.is_travel ?? false,
      created: now,
      modified: now,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function updateActivity(db: TenantDb, id: number, body: ActivityUpdateT) {
  return db
    .updateTable('activities')
    .set({ ...body, modified: nowTimestamp() })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** Records that keep an activity from being deleted: by name (bookings, prices) and by id (project activities, price factors). */
export const ACTIVITY_NAME_REFERENCES: ReferenceCheck[] = [
  { table: 'attendances', column: 'activity_id', what: 'bookings' },
  { table: 'prices', column: 'activity', what: 'prices of price tables' },
];
export const ACTIVITY_ID_REFERENCES: ReferenceCheck[] = [
  { table: 'project_activities', column: 'activity_id', what: 'projects' },
  { table: 'price_factors', column: 'activity_id', what: 'price factors' },
];

export const deleteActivity = (db: TenantDb, id: number) => db.deleteFrom('activities').where('id', '=', id).execute();

export const toActivity: (row: ActivityRow) => ActivityT = rowMapper(Activity);
