// GET /absence-reasons, GET /absence-reasons/{name} (contract); POST, PATCH/PUT, DELETE (additive in v1). The
// name is the key and unique in the tenant; renames follow into absences, a reason in use cannot be deleted.
import { Type } from '@sinclair/typebox';
import type { ZkApp } from '../../types.js';
import { refuseWhileUsed, resourceRoutes } from '../crud/index.js';
import {
  AbsenceReason,
  AbsenceReasonCreate,
  AbsenceReasonListQuery,
  AbsenceReasonUpdate,
} from './absence-reasons.schemas.js';
import { absenceReasonListSpec, absenceReasons, deleteAbsenceReason } from './absence-reasons.repository.js';

export default async function absenceReasonRoutes(app: ZkApp) {
  resourceRoutes(app, {
    name: 'Absence reason',
    plural: 'absence reasons',
    tags: ['Absence reasons'],
    path: '/absence-reasons',
    records: { table: 'absence_reasons', key: ['name'] },
    key: { name: 'name', schema: Type.String({ minLength: 1, maxLength: 255 }) },
    // external_id maps one reason to an outside system: `?external_id=` finds at most one (migration 2900).
    unique: [
      { table: 'absence_reasons', field: 'name' },
      { table: 'absence_reasons', field: 'external_id' },
    ],
    resource: AbsenceReason,
    repository: absenceReasons,
    list: { query: AbsenceReasonListQuery, spec: absenceReasonListSpec },
    create: { body: AbsenceReasonCreate },
    update: { body: AbsenceReasonUpdate },
    remove: async (s, row) => {
      await refuseWhileUsed(
        s.db,
        'absence_reasons',
        row,
        (what) => `The absence reason is still used by ${what}.`,
        'name',
      );
      await deleteAbsenceReason(s.db, row.id);
    },
    summaries: {
      get: 'Get an absence reason by name',
      update: 'Update an absence reason (only submitted fields change)',
    },
  });
}
