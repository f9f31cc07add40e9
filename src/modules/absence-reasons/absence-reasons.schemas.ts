// Absence reasons (docs/api/absences.md). Key: the unique short name. Flags are 0/1 integers as on the live system.
import { Type, type Static } from '@sinclair/typebox';
import { DateTimeOut, IntIdName, Nullable, Opt, Labelled, RecordAuthors } from '../../http/schemas.js';
import { listQuery } from '../../http/list/index.js';

/** Reason types (docs/api/conventions.md): 0 annual holiday, 1 paid absence, 2 unpaid absence (our name; no public id), 3 flexitime. */

const Flag = Type.Integer({ enum: [0, 1] });

export const AbsenceReason = Type.Object({
  name: Type.String(),
  comment: Nullable(Type.String()),
  approve: Nullable(Flag),
  allow_self_entry: Flag,
  allow_half_day_holiday: Flag,
  allow_hours_of_vacation: Flag,
  anyone_can_see_name: Nullable(Flag),
  color: Type.String(),
  type: IntIdName(),
  client_calendar_category: Nullable(Type.String()),
  inform_employee_upon_approval_or_revocation: Flag,
  external_id: Nullable(Type.String()),
  created: Nullable(DateTimeOut()),
  modified: Nullable(DateTimeOut()),
  ...RecordAuthors,
});
export type AbsenceReasonT = Static<typeof AbsenceReason>;

/** Flags accept 0/1 or true/false. */
const FlagIn = Type.Unsafe<number | boolean>({ type: ['integer', 'boolean'], enum: [0, 1, true, false] });

const writable = {
  comment: Opt(Type.String({ maxLength: 1000 })),
  approve: Type.Optional(Nullable(FlagIn)),
  allow_self_entry: Type.Optional(FlagIn),
  allow_half_day_holiday: Type.Optional(FlagIn),
  allow_hours_of_vacation: Type.Optional(FlagIn),
  anyone_can_see_name: Type.Optional(Nullable(FlagIn)),
  color: Type.Optional(Type.String({ pattern: '^#([0-9a-fA-F]{3}){1,2}$', maxLength: 7 })),
  type: Type.Optional(Labelled('absence_reason_type', Type.Integer({ enum: [0, 1, 2, 3] }))),
  client_calendar_category: Opt(Type.String({ maxLength: 255 })),
  inform_employee_upon_approval_or_revocation: Type.Optional(FlagIn),
  external_id: Opt(Type.String({ maxLength: 100 })),
};

export const AbsenceReasonCreate = Type.Object({ name: Type.String({ minLength: 1, maxLength: 32 }), ...writable });
export const AbsenceReasonUpdate = Type.Object({
  name: Type.Optional(Type.String({ minLength: 1, maxLength: 32 })),
  ...writable,
});
export type AbsenceReasonCreateT = Static<typeof AbsenceReasonCreate>;
export type AbsenceReasonUpdateT = Static<typeof AbsenceReasonUpdate>;

export const AbsenceReasonListQuery = listQuery({
  external_id: Type.Optional(
    Type.String({ maxLength: 100, description: 'Only the reason mapped to this external identifier.' }),
  ),
});
