// SQL for activities; every query is scoped by tenant.
import type { Selectable } from 'kysely';
import type { TenantDb } from '../../db/tenant-scope.js';
import type { ActivitiesTable } from './activities.tables.js';
import type { ListSpec } from '../../db/list-spec.js';
import { nowTimestamp } from '../../values/formats.js';
import { rowMapper } from '../../db/row-mapping.js';
import { Activity, type ActivityT, type ActivityUpdateT } from './activities.schemas.js';
import type { Scope } from '../../tenancy/scope.js';

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

export const deleteActivity = (db: TenantDb, id: number) => db.deleteFrom('activities').where('id', '=', id).execute();

export const toActivity: (row: ActivityRow) => ActivityT = rowMapper(Activity);

/** The activities as the CRUD kit (modules/crud) lists, reads and writes them; the name is the key. */
export const activities = {
  list: ({ db }: Scope) => listActivities(db),
  find: ({ db }: Scope, name: string) => findActivity(db, name),
  show: (_s: Scope, row: ActivityRow) => toActivity(row),
  insert: ({ db }: Scope, body: ActivityUpdateT & { name: string }) => insertActivity(db, body),
  update: ({ db }: Scope, row: ActivityRow, changes: ActivityUpdateT) => updateActivity(db, row.id, changes),
};
