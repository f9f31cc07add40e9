// Request and response pieces tickets and subtasks share (docs/api/projects.md): status ids, prevent_overbooking 0..4,
// usernames, runtime (start_date..deadline), planned hours, keywords and the common output fields.
import { LABELS } from '../../values/labels.js';
import { Type } from '@sinclair/typebox';
import { DateOnly, DateTimeOut, IntIdName, Nullable, Opt, Labelled, RecordAuthors } from '../../http/schemas.js';

/** Ticket and subtask status ids (docs/api/conventions.md; 6 and 7 do not exist). */
/** Ticket status ids and their (English) names; labels in the tenant's language come from values/labels.ts. */
const TICKET_STATUSES = Object.fromEntries(Object.entries(LABELS.ticket_status).map(([id, names]) => [id, names.en]));

export const statusSchema = () =>
  Labelled(
    'ticket_status',
    Type.Integer({
      enum: Object.keys(TICKET_STATUSES).map(Number),
      description: Object.entries(TICKET_STATUSES)
        .map(([k, v]) => `${k} ${v}`)
        .join(', '),
    }),
  );
const Username = Type.String({ minLength: 1, maxLength: 255 });
const Text255 = Type.String({ maxLength: 255 });
/** keywords: an array of strings or one comma-separated string (docs: "string, max 255"). */
const KeywordsInput = Type.Unsafe<string | string[] | null>({
  type: ['array', 'string', 'null'],
  items: Text255,
  maxItems: 100,
  maxLength: 255,
});

/** Request fields tickets and subtasks share (all optional; the create schemas mark the required ones). */
export const commonWritable = {
  creator_username: Type.Optional(Username),
  processor_username: Opt(Username),
  customer_contact_person: Opt(
    Type.String({ maxLength: 255, description: 'E-mail of the customer contact (instead of creator_username).' }),
  ),
  customer_reference: Opt(Text255),
  planned_hours: Opt(Type.Number({ minimum: 0, maximum: 1e9 })),
  receipt_date: Opt(DateOnly()),
  start_date: Opt(DateOnly({ description: 'Start of the runtime bookings are checked against.' })),
  deadline: Opt(DateOnly({ description: 'End of the runtime (on or after start_date).' })),
  prevent_overbooking: Type.Optional(
    Type.Integer({
      minimum: 0,
      maximum: 4,
      description: '0 YES_ALL, 1 YES_ONLY_NON_BILLABLE, 2 NO_ALL, 3 YES_TRAVEL_OR_NON_BILLABLE, 4 YES_ONLY_TRAVEL.',
    }),
  ),
  keywords: Type.Optional(KeywordsInput),
  categories: Opt(Type.Array(Type.String({ maxLength: 255 }), { maxItems: 200 })),
};

/** Response fields tickets and subtasks share; runtime dates are typed by the caller (date-time or date). */
export const commonOutput = {
  id: Type.Integer(),
  subject: Type.String(),
  status: IntIdName(),
  creator_username: Nullable(Type.String()),
  processor_username: Nullable(Type.String()),
  date: DateTimeOut(),
  receipt_date: Nullable(DateTimeOut()),
  processing_date: Nullable(DateTimeOut()),
  done_date: Nullable(DateTimeOut()),
  planned_hours: Nullable(Type.Number()),
  prevent_overbooking: Type.Integer(),
  history_modified: Nullable(DateTimeOut()),
  history_creator_username: Nullable(Type.String()),
  customer_contact_person_id: Nullable(Type.Integer()),
  customer_reference: Nullable(Type.String()),
  keywords: Type.Array(Type.String()),
  created: Nullable(DateTimeOut()),
  modified: Nullable(DateTimeOut()),
  ...RecordAuthors,
};
