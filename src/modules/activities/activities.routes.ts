// GET /activities, GET /activities/{activity} (contract); POST, PATCH/PUT, DELETE (additive in v1). The name is
// the key and unique in the tenant.
import { Type } from '@sinclair/typebox';
import type { ZkApp } from '../../types.js';
import { resourceRoutes } from '../crud/index.js';
import { findReferences } from '../../db/references.js';
import { validationError } from '../../values/errors.js';
import { Activity, ActivityCreate, ActivityListQuery, ActivityUpdate } from './activities.schemas.js';
import { activities, activityListSpec, deleteActivity } from './activities.repository.js';

export default async function activityRoutes(app: ZkApp) {
  resourceRoutes(app, {
    name: 'Activity',
    plural: 'activities',
    tags: ['Activities'],
    path: '/activities',
    records: { table: 'activities', key: ['name'] },
    key: { name: 'activity', schema: Type.String({ minLength: 1, maxLength: 255 }) },
    unique: { table: 'activities', field: 'name' },
    resource: Activity,
    repository: activities,
    list: { query: ActivityListQuery, spec: activityListSpec },
    create: { body: ActivityCreate },
    update: { body: ActivityUpdate },
    remove: async (s, row) => {
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
