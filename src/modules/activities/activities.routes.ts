// GET /activities, GET /activities/{activity} (contract); POST, PATCH/PUT, DELETE (additive in v1). The name is
// the key and unique in the tenant.
import { Type } from '@sinclair/typebox';
import type { ZkApp } from '../../types.js';
import { resourceRoutes } from '../crud/index.js';
import { findReferences } from '../../db/references.js';
import { validationError } from '../../values/errors.js';
import { Activity, ActivityCreate, ActivityListQuery, ActivityUpdate, type ActivityT } from './activities.schemas.js';
import {
  activityListSpec,
  deleteActivity,
  findActivity,
  insertActivity,
  listActivities,
  toActivity,
  updateActivity,
  type ActivityRow,
} from './activities.repository.js';

export default async function activityRoutes(app: ZkApp) {
  resourceRoutes<undefined, ActivityRow, ActivityT>(app, {
    name: 'Activity',
    plural: 'activities',
    tags: ['Activities'],
    path: '/activities',
    records: { table: 'activities', key: ['name'] },
    key: { name: 'activity', schema: Type.String({ minLength: 1, maxLength: 255 }) },
    unique: { table: 'activities', field: 'name' },
    resource: Activity,
    list: { query: ActivityListQuery, build: (s) => listActivities(s.db), spec: activityListSpec },
    find: (s, _p, name) => findActivity(s.db, name),
    show: (_s, _p, row) => toActivity(row),
    create: { body: ActivityCreate, run: (s, _p, body) => insertActivity(s.db, body) },
    update: { body: ActivityUpdate, run: (s, _p, row, body) => updateActivity(s.db, row.id, body) },
    remove: async (s, _p, row) => {
      const found = await findReferences(s.db, 'activities', row);
      if (found.length) throw validationError({ name: found.map((what) => `The activity is still used by ${what}.`) });
      await deleteActivity(s.db, row.id);
    },
    summaries: {
      get: 'Get an activity by name',
      update: 'Update an activity (only submitted fields change)',
      remove: 'Delete an activity (refused while bookings or projects use it)',
    },
  });
}
