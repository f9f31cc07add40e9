// Absences with leave approval (docs/api/absences.md).
import { GRANT, PROFILES, type AreaGrants } from '../../access/matrix.js';
import type { ZkApp } from '../../types.js';
import type { DocsTags } from '../../plugins/docs-groups.js';
import type { Reference } from '../../db/references.js';
import type { AreaRows } from '../../access/rows.js';
import absenceRoutes from './absences.routes.js';
import { withoutReason, visibleReasons } from './absences.redact.js';

export { examples } from './absences.examples.js';

/** The /docs group of each tag its operations carry. */
export const docsTags: DocsTags = { Absences: 'time' };

/** Columns of this module's tables that name other records: their deletes are refused while rows refer to them. */
export const references: Reference[] = [
  { table: 'absences', column: 'absence_reason_id', to: 'absence_reasons', by: 'name', what: 'absences', order: 65 },
];

/** The rows a person with a narrower grant than all reaches (access/rows.ts, docs/api/permissions.md). */
export const rowRules: AreaRows = {
  own: {
    param: 'username',
    query: 'employee_id',
    body: 'employee_id',
    record: { table: 'absences', column: 'employee_id', paths: ['/absences/:id'] },
    // Their own leave a person may request (pending), plan or withdraw; deciding it needs approval rights:
    // approved: true, approval_status approved/rejected, un-planning a stored absence (which approves it), naming
    // the decider (docs/api/absences.md).
    reserved: {
      approved: { permission: 'absences:approve', allows: (value) => value === false },
      approval_status: { permission: 'absences:approve', allows: (value) => value === 'pending' },
      planned: { permission: 'absences:approve', allows: (value, creating) => value === true || creating },
      status_edited_by: { permission: 'absences:approve', allows: () => false },
      approved_by: { permission: 'absences:approve', allows: () => false },
    },
  },
  // Users with extended rights: their department's absence calendar, without reasons.
  department: {
    table: 'absences',
    employee: 'employee_id',
    lists: ['/absences'],
    records: ['/absences/:id'],
    employees: { '/employees/:username/absences': 'username' },
    redact: withoutReason,
    redactContext: visibleReasons,
  },
};

/** Who may read and write this area, by role (src/access/matrix.ts, docs/api/permissions.md). */
export const grants: AreaGrants = { ...PROFILES.personal, extended: GRANT.department, controller: GRANT.all };

export default async function absences(app: ZkApp) {
  await app.register(absenceRoutes);
}
