// A colleague's absence as the department's absence calendar shows it (docs/api/permissions.md, "Department rows"):
// when and how long, approved or not — not why. The answer keeps its schema: the reason's name is "", the embedded
// reason a fixed placeholder, the note and the leave application (whose texts may name the reason) null. A reason
// whose `anyone_can_see_name` is 1 is not hidden: its name and embedded reason stay (the note and application do not).
import type { TenantDb } from '../../db/tenant-scope.js';
import { labelled } from '../../values/labels.js';
import type { AbsenceT, EmployeeAbsenceT } from './absences.schemas.js';

/** The placeholder reason's type: 1 paid absence, the same for every hidden reason. */
const HIDDEN_TYPE = 1;

/** The names of the tenant's absence reasons everyone may see (`anyone_can_see_name` 1). */
export async function visibleReasons(db: TenantDb): Promise<ReadonlySet<string>> {
  const rows = await db.selectFrom('absence_reasons').select('name').where('anyone_can_see_name', '=', 1).execute();
  return new Set(rows.map((r) => r.name));
}

/**
 * A colleague's absence without what it does not show: `/absences` items and details (Absence), or
 * `/employees/{username}/absences` items (EmployeeAbsence: no embedded reason or application, note "" when none).
 */
export function withoutReason<A extends AbsenceT | EmployeeAbsenceT>(
  absence: A,
  language: string,
  visible: ReadonlySet<string> = new Set(),
): A {
  const shown = visible.has(absence.absence_reason_id);
  if (!('absenceReason' in absence)) return { ...absence, note: '', ...(shown ? {} : { absence_reason_id: '' }) };
  return {
    ...absence,
    note: null,
    leaveApprovalApplication: null,
    ...(shown
      ? {}
      : {
          absence_reason_id: '',
          absenceReason: {
            name: '',
            comment: null,
            approve: null,
            allow_self_entry: 0,
            allow_half_day_holiday: 0,
            allow_hours_of_vacation: 0,
            anyone_can_see_name: null,
            color: '#9e9e9e',
            type: labelled(language, 'absence_reason_type', HIDDEN_TYPE)!,
            client_calendar_category: null,
            inform_employee_upon_approval_or_revocation: 0,
            external_id: null,
            created: null,
            modified: null,
            created_by: null,
            modified_by: null,
          },
        }),
  };
}
