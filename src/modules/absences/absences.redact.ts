// A colleague's absence as the department's absence calendar shows it (docs/api/permissions.md, "Department rows"):
// when and how long, approved or not — not why. The answer keeps the Absence schema: the reason's name is "", the
// embedded reason a fixed placeholder, the note and the leave application (whose texts may name the reason) null.
import { labelled } from '../../values/labels.js';
import type { AbsenceT } from './absences.schemas.js';

/** The placeholder reason's type: 1 paid absence, the same for every hidden reason. */
const HIDDEN_TYPE = 1;

export function withoutReason(absence: AbsenceT, language: string): AbsenceT {
  return {
    ...absence,
    note: null,
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
    leaveApprovalApplication: null,
  };
}
