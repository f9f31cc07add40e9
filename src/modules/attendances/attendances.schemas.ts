// Attendance (project time booking) as the contract states it, the POST/PATCH bodies and the list query.
import { Type, type Static } from '@sinclair/typebox';
import {
  DateOnly,
  PLAIN_DATE_PATTERN,
  DateTimeOut,
  IntIdName,
  MAX_ID,
  Nullable,
  Opt,
  TimeOfDay,
  Labelled,
  RecordAuthors,
} from '../../http/schemas.js';
import { listQuery } from '../../http/list/index.js';

/** Release states (contract names; docs/api/conventions.md gives id 1 = freigegeben, the other ids are ours). */
/** Released or billed bookings cannot be changed or deleted. */
export const LOCKING_RELEASE_STATES = new Set([1, 3]);

/** direction_of_travel: 0 outward, 1 continue, 2 return (contract names in this order). */
export const DIRECTION_ALIASES: Record<string, number> = { outward: 0, outbound: 0, continue: 1, return: 2 };

export const Attendance = Type.Object({
  id: Type.Integer(),
  date: DateTimeOut(),
  from: Type.String({ examples: ['09:00:00'] }),
  to: Type.String({ examples: ['17:00:00'], description: '00:00:00 = the booking runs until midnight.' }),
  end_date: Type.String({
    examples: ['2024-08-17'],
    description: 'The calendar day the booking really ends (date + 1 when `to` is 00:00).',
  }),
  employee_id: Type.String(),
  duration: Type.Number({ description: 'Hours, derived from from/to.' }),
  note: Nullable(Type.String()),
  issue_id: Type.Optional(Nullable(Type.String({ description: 'Only with the ticket_extension module.' }))),
  department_id: Type.Optional(Nullable(Type.Integer({ description: 'Only with the departments module.' }))),
  project_release: Type.Optional(Nullable(IntIdName())),
  project_released_at: Type.Optional(Nullable(DateTimeOut())),
  project_released_by: Type.Optional(Nullable(Type.String())),
  billable: Type.Boolean(),
  work_location_id: Nullable(Type.String()),
  activity_id: Type.String(),
  start: Nullable(Type.String()),
  destination: Nullable(Type.String()),
  vehicle_id: Nullable(Type.String()),
  private: Nullable(Type.Boolean()),
  passengers: Nullable(Type.Integer()),
  km: Nullable(Type.Integer()),
  direction_of_travel: Nullable(IntIdName()),
  project_id: Type.Integer(),
  project_task_id: Type.Integer(),
  invoice_item_id: Nullable(Type.Integer()),
  ticket_id: Nullable(Type.Integer()),
  subtask_id: Nullable(Type.Integer()),
  work_location_is_project_relevant: Type.Boolean(),
  is_travel: Type.Boolean(),
  locked: Nullable(Type.Boolean()),
  color: Nullable(Type.String()),
  created: Nullable(DateTimeOut()),
  modified: Nullable(DateTimeOut()),
  ...RecordAuthors,
});
export type AttendanceT = Static<typeof Attendance>;

const optional = {
  duration: Opt(
    Type.Number({
      minimum: 0,
      maximum: 24,
      description:
        'Hours; required when the tenant records durations only, otherwise derived from from/to (a submitted value that disagrees with them is 422).',
    }),
  ),
  locked: Opt(Type.Boolean()),
  is_travel: Opt(Type.Boolean()),
  billable: Opt(Type.Boolean()),
  work_location_is_project_relevant: Opt(Type.Boolean()),
  private: Opt(Type.Boolean()),
  color: Opt(Type.String({ pattern: '^#([0-9a-fA-F]{3}){1,2}$', maxLength: 7 })),
  start: Opt(Type.String({ maxLength: 255 })),
  destination: Opt(Type.String({ maxLength: 255 })),
  vehicle_id: Type.Optional(
    Type.Unsafe<string | number | null>({
      type: ['string', 'integer', 'null'],
      maxLength: 32,
      maximum: MAX_ID,
      description: 'Vehicle short code (≤ 32 characters); a number equal to a numeric code is accepted.',
    }),
  ),
  // Stored and returned as integers (contract response type): a fraction is refused, never rounded silently.
  km: Opt(Type.Integer({ minimum: 0, maximum: 1_000_000, description: 'Whole kilometres; a fraction is 422.' })),
  passengers: Opt(Type.Integer({ minimum: 0, maximum: 1000, description: 'A fraction is 422.' })),
  direction_of_travel: Type.Optional(
    Type.Unsafe<number | string | null>(
      Labelled('direction_of_travel', {
        type: ['integer', 'string', 'null'],
        enum: [0, 1, 2, 'outward', 'outbound', 'continue', 'return', null],
        description: '0 outward, 1 continue, 2 return.',
      }),
    ),
  ),
  work_location_id: Opt(Type.String({ maxLength: 255 })),
  note: Opt(Type.String({ maxLength: 4000 })),
  ticket_id: Opt(Type.Integer({ minimum: 1, maximum: MAX_ID })),
  subtask_id: Opt(Type.Integer({ minimum: 1, maximum: MAX_ID })),
  invoice_item_id: Opt(
    Type.Integer({
      minimum: 1,
      maximum: MAX_ID,
      description:
        'The invoice item that bills the booking (of the same project, not on a Billed invoice); once its invoice is Billed the booking is locked.',
    }),
  ),
  issue_id: Opt(
    Type.String({ maxLength: 255, description: 'Only with the ticket_extension module (ignored otherwise).' }),
  ),
};

const required = {
  employee_id: Type.String({ minLength: 1, maxLength: 255, description: 'Username.' }),
  date: DateOnly({
    pattern: PLAIN_DATE_PATTERN,
    description: 'YYYY-MM-DD only; a time component (even midnight) is rejected with 422.',
  }),
  from: TimeOfDay(),
  to: TimeOfDay({ description: '00:00 marks a booking that runs until midnight.' }),
  project_task_id: Type.Integer({ minimum: 1, maximum: MAX_ID }),
  project_id: Type.Integer({ minimum: 1, maximum: MAX_ID }),
  activity_id: Type.String({ minLength: 1, maxLength: 255, description: 'Activity name.' }),
};

export const AttendanceCreate = Type.Object({ ...required, ...optional });
export type AttendanceCreateT = Static<typeof AttendanceCreate>;

/** PATCH: only submitted fields change; the booking rules re-run on the merged record (contract rule 1). */
export const AttendancePatch = Type.Object({ ...Type.Partial(Type.Object(required)).properties, ...optional });
export type AttendancePatchT = Static<typeof AttendancePatch>;

export const AttendanceListQuery = listQuery({
  start_date: Type.Optional(DateOnly({ description: 'Bookings on or after this date (inclusive).' })),
  end_date: Type.Optional(DateOnly({ description: 'Bookings on or before this date (inclusive).' })),
  employee_id: Type.Optional(Type.String({ minLength: 1, maxLength: 255, description: 'Username.' })),
  project_id: Type.Optional(Type.Integer({ minimum: 1, maximum: MAX_ID })),
  ticket_id: Type.Optional(Type.Integer({ minimum: 1, maximum: MAX_ID })),
});

export const ReleaseBody = Type.Object({
  project_release: Type.Integer({
    enum: [0, 1, 2, 3],
    description: '0 unchanged, 1 freigegeben, 2 zu prüfen, 3 abgerechnet.',
  }),
  project_released_by: Opt(Type.String({ maxLength: 255, description: 'Username of the releasing employee.' })),
});
