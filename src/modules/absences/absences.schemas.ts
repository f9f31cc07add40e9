// Absences (docs/api/absences.md) with their reason and leave approval application, and the request body in both
// variants real clients send (current: start_date/end_date/type/hours; legacy: from/to as dates, comment,
// half_day_from/half_day_to, approval_status). docs/api/absences.md has the semantics.
import { Type, type Static, type TSchema } from '@sinclair/typebox';
import {
  DateOnly,
  DateTimeOut,
  IntIdName,
  Nullable,
  Opt,
  requiredUnless,
  TimeOut,
  RecordAuthors,
} from '../../http/schemas.js';
import { listQuery } from '../../http/list/index.js';
import { AbsenceReason } from '../absence-reasons/absence-reasons.schemas.js';

/** Response `type` (docs/api/conventions.md): 0 full day, 1 half day, 2 hourly. */
export const AbsenceType = { Full: 0, Half: 1, Hourly: 2 } as const;

export const LeaveApprovalApplication = Type.Object({
  id: Type.Integer(),
  employee_id: Type.String(),
  requested_at: Type.String({ description: "'YYYY-MM-DD HH:MM:SS' (UTC)", examples: ['2023-08-09 09:32:06'] }),
  number_of_days: Type.String({
    description: 'Working days the absence takes, 10 decimals; half days count 0.5.',
    examples: ['1.0000000000'],
  }),
  start_date: Type.String({ examples: ['2023-08-09'] }),
  end_date: Type.String({ examples: ['2023-08-09'] }),
  note: Nullable(Type.String()),
  status: IntIdName(),
  recipient: Nullable(Type.String()),
  recipient_cc: Nullable(Type.String()),
  recipient_bcc: Nullable(Type.String()),
  status_edited_since: Nullable(Type.String({ description: "'YYYY-MM-DD HH:MM:SS' (UTC) of the last decision" })),
  status_edited_by: Nullable(Type.String()),
  status_note: Nullable(Type.String()),
  absence_text: Nullable(Type.String()),
});

/** The read fields in the live order; `hours` and `note` differ between the two read shapes. */
const fields = (hours: TSchema, note: TSchema) => ({
  id: Type.Integer(),
  employee_id: Type.String(),
  type: Type.Integer({ enum: [0, 1, 2], description: '0 full day, 1 half day, 2 hourly.' }),
  start_date: DateTimeOut(),
  end_date: DateTimeOut(),
  hours,
  from: Nullable(TimeOut()),
  to: Nullable(TimeOut()),
  note,
  approved: Type.Boolean(),
  timezone: Type.String({
    description: "IANA zone: the absence's own, else the tenant's (default Europe/Berlin).",
    examples: ['Europe/Berlin'],
  }),
  created: Nullable(DateTimeOut()),
  modified: Nullable(DateTimeOut()),
  ...RecordAuthors,
  absence_reason_id: Type.String({ description: 'Name of the absence reason.' }),
  half_day_from: Type.Boolean({ description: 'Additive: the first day is a half day.' }),
  half_day_to: Type.Boolean({ description: 'Additive: the last day is a half day.' }),
});

/**
 * GET /employees/{username}/absences items (OpenAPI 7.4.0 EmployeeAbsence and the live capture): without the embedded
 * reason and application, `hours` a number, `note` "" when there is none.
 */
export const EmployeeAbsence = Type.Object(
  fields(Nullable(Type.Number({ examples: [2.5] })), Type.String({ description: '"" when none.' })),
);
/** /absences items, detail and write answers: `hours` a decimal string (OpenAPI 7.4.0 Absence), `note` null when none (live). */
export const Absence = Type.Object({
  ...fields(
    Nullable(
      Type.String({
        description: 'Hours on each day of an hourly absence, 10 decimals; null otherwise.',
        examples: ['2.5000000000'],
      }),
    ),
    Nullable(Type.String()),
  ),
  absenceReason: AbsenceReason,
  leaveApprovalApplication: Nullable(LeaveApprovalApplication),
});
export type EmployeeAbsenceT = Static<typeof EmployeeAbsence>;
export type AbsenceT = Static<typeof Absence>;

const DATE_OR_TIME = '^([1-9][0-9]{3}-[0-9]{2}-[0-9]{2}|([01][0-9]|2[0-3]):[0-5][0-9](:[0-5][0-9])?)$';
const username = (description: string) => Type.String({ minLength: 1, maxLength: 255, description });
const reason = () =>
  Type.String({ minLength: 1, maxLength: 255, description: 'Name of the absence reason (e.g. "UB").' });

const writable = {
  start_date: Type.Optional(DateOnly({ description: 'First day, YYYY-MM-DD only (a time component is 422).' })),
  end_date: Type.Optional(DateOnly({ description: 'Last day (inclusive); defaults to start_date on create.' })),
  type: Type.Optional(
    Type.Integer({
      enum: [0, 1, 2],
      description:
        '1 full day (default), 2 hourly (`hours` required). 0 is accepted as full day (the response numbering).',
    }),
  ),
  hours: Opt(Type.Number({ minimum: 0, maximum: 24, description: 'Hours on each day of an hourly absence.' })),
  from: Opt(
    Type.String({
      pattern: DATE_OR_TIME,
      maxLength: 10,
      description: 'A time HH:MM[:SS] (start of an hourly absence), or in the legacy variant the first day YYYY-MM-DD.',
    }),
  ),
  to: Opt(
    Type.String({
      pattern: DATE_OR_TIME,
      maxLength: 10,
      description: 'A time HH:MM[:SS] (end of an hourly absence), or in the legacy variant the last day YYYY-MM-DD.',
    }),
  ),
  timezone: Opt(Type.String({ minLength: 1, maxLength: 64, description: 'IANA time zone, e.g. Europe/Berlin.' })),
  note: Opt(Type.String({ maxLength: 4000 })),
  comment: Opt(Type.String({ maxLength: 4000, description: 'Legacy name of `note`.' })),
  planned: Opt(Type.Boolean({ description: 'Only planned: not approved and no leave application.' })),
  half_day_from: Opt(Type.Boolean({ description: 'The first day is a half day (the reason must allow half days).' })),
  half_day_to: Opt(Type.Boolean({ description: 'The last day is a half day (the reason must allow half days).' })),
  approval_status: Opt(
    Type.String({
      enum: ['pending', 'approved', 'rejected'],
      description: 'Legacy: the leave application status to start with.',
    }),
  ),
  status_edited_by: Opt(username('Username of the employee who decides (approves or rejects).')),
  approved_by: Opt(username('Legacy name of `status_edited_by`.')),
  status_note: Opt(Type.String({ maxLength: 4000, description: 'Note on the decision.' })),
  days: Opt(Type.Number({ minimum: 0, maximum: 100_000, description: 'Legacy; ignored (derived from the dates).' })),
};

/** Create: `start_date` (or a legacy date in `from`) is required too; the service says so on start_date. */
export const AbsenceCreate = Type.Object(
  { employee_id: username('Username of the absent employee.'), absence_reason_id: reason(), ...writable },
  requiredUnless({ start_date: ['from'] }),
);

export const AbsenceUpdate = Type.Object({
  employee_id: Type.Optional(username("Cannot change; when sent it must be the absence's employee.")),
  absence_reason_id: Type.Optional(reason()),
  ...writable,
  approved: Opt(
    Type.Boolean({
      description:
        'true approves; false revokes or un-plans. The value read is no change (a request is rejected by approval_status "rejected").',
    }),
  ),
});
export type AbsenceCreateT = Static<typeof AbsenceCreate>;
export type AbsenceUpdateT = Static<typeof AbsenceUpdate>;
export type AbsenceBody = Partial<AbsenceCreateT> & Partial<AbsenceUpdateT>;

export const AbsenceListQuery = listQuery({
  start_date: Type.Optional(
    DateOnly({
      description:
        'Only absences that start on or after this date (and, with end_date, lie entirely inside the window).',
    }),
  ),
  end_date: Type.Optional(DateOnly({ description: 'Only absences that end on or before this date.' })),
  employee_id: Type.Optional(Type.String({ minLength: 1, maxLength: 255, description: 'Username.' })),
});
