// SQL for activities; every query is scoped by tenant.
import type { Selectable } from 'kysely';
import type { TenantDb } from '../../db/tenant-scope.js';
import type { ActivitiesTable } from './activities.tables.js';
import type { ListSpec } from '../../db/list-spec.js';
import { nowTimestamp, outTimestamp, toBool } from '../../values/formats.js';
import type { ActivityT, ActivityUpdateT } from './activities.schemas.js';
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

export function toActivity(row: ActivityRow): ActivityT {
  return {
    name: row.name,
    description: row.description,
    is_travel: toBool(row.is_travel) ?? false,
    created: outTimestamp(row.created),
    modified: outTimestamp(row.modified),
  };
}

/** The activities as the CRUD kit (modules/crud) lists, reads and writes them; the name is the key. */
export const activities = {
  list: ({ db }: Scope) => listActivities(db),
  find: ({ db }: Scope, name: string) => findActivity(db, name),
  show: (_s: Scope, row: ActivityRow) => toActivity(row),
  insert: ({ db }: Scope, body: ActivityUpdateT & { name: string }) => insertActivity(db, body),
  update: ({ db }: Scope, row: ActivityRow, changes: ActivityUpdateT) => updateActivity(db, row.id, changes),
};
