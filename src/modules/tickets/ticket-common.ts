// What tickets and subtasks share (reference §4.26): status ids, prevent_overbooking 0..4, usernames,
// runtime (start_date..deadline), planned hours, keywords, the status timestamps and the common output fields.
import { Type } from '@sinclair/typebox';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.js';
import type { TicketsTable } from './tickets.tables.js';
import { ErrorBag } from '../../http/errors.js';
import { fromJson, nowTimestamp, outDate, outTimestamp } from '../../http/formats.js';
import { DateOnly, DateTimeOut, IntIdName, Nullable, Opt } from '../../http/schemas.js';
import { existingValues } from '../../db/lookup.js';

/** Ticket and subtask status ids (reference §2; 6 and 7 do not exist). */
export const TICKET_STATUSES: Readonly<Record<number, string>> = { 1: 'New', 2: 'In process', 3: 'Done', 4: 'Rejected', 5: 'Approved', 8: 'Billed' };
/** The timestamp a status change into this status sets (once). */
const STATUS_DATES: Readonly<Record<number, 'processing_date' | 'done_date' | 'rejected_date' | 'approved_date' | 'billed_date'>> = {
  2: 'processing_date', 3: 'done_date', 4: 'rejected_date', 5: 'approved_date', 8: 'billed_date',
};

export const statusSchema = () => Type.Integer({ enum: Object.keys(TICKET_STATUSES).map(Number), description: Object.entries(TICKET_STATUSES).map(([k, v]) => `${k} ${v}`).join(', ') });
const Username = Type.String({ minLength: 1, maxLength: 255 });
const Text255 = Type.String({ maxLength: 255 });
/** keywords: an array of strings or one comma-separated string (docs: "string, max 255"). */
const KeywordsInput = Type.Unsafe<string | string[] | null>({ type: ['array', 'string', 'null'], items: Text255, maxItems: 100, maxLength: 255 });

/** Request fields tickets and subtasks share (all optional; the create schemas mark the required ones). */
export const commonWritable = {
  creator_username: Type.Optional(Username),
  processor_username: Opt(Username),
  customer_contact_person: Opt(Type.String({ maxLength: 255, description: 'E-mail of the customer contact (instead of creator_username).' })),
  customer_reference: Opt(Text255),
  planned_hours: Opt(Type.Number({ minimum: 0, maximum: 1e9 })),
  receipt_date: Opt(DateOnly()),
  start_date: Opt(DateOnly({ description: 'Start of the runtime bookings are checked against.' })),
  deadline: Opt(DateOnly({ description: 'End of the runtime (on or after start_date).' })),
  prevent_overbooking: Type.Optional(Type.Integer({ minimum: 0, maximum: 4, description: '0 YES_ALL, 1 YES_ONLY_NON_BILLABLE, 2 NO_ALL, 3 YES_TRAVEL_OR_NON_BILLABLE, 4 YES_ONLY_TRAVEL.' })),
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
};

type CommonRow = Pick<TicketsTable, 'subject' | 'status' | 'creator_username' | 'processor_username' | 'date' | 'receipt_date' | 'processing_date' | 'done_date' | 'planned_hours' | 'prevent_overbooking' | 'history_modified' | 'history_creator_username' | 'customer_reference' | 'keywords' | 'created' | 'modified'> & { id: number };

export function commonFields(r: CommonRow) {
  return {
    id: Number(r.id),
    subject: r.subject,
    status: { id: Number(r.status), name: TICKET_STATUSES[Number(r.status)] ?? String(r.status) },
    creator_username: r.creator_username,
    processor_username: r.processor_username,
    date: outTimestamp(r.date)!,
    receipt_date: outDate(r.receipt_date),
    processing_date: outTimestamp(r.processing_date),
    done_date: outTimestamp(r.done_date),
    planned_hours: r.planned_hours === null ? null : Number(r.planned_hours),
    prevent_overbooking: Number(r.prevent_overbooking),
    history_modified: outTimestamp(r.history_modified),
    history_creator_username: r.history_creator_username,
    customer_contact_person_id: null,
    customer_reference: r.customer_reference,
    keywords: fromJson<string[]>(r.keywords, []),
    created: outTimestamp(r.created),
    modified: outTimestamp(r.modified),
  };
}

export interface CommonBody {
  status?: number;
  creator_username?: string;
  processor_username?: string | null;
  customer_contact_person?: string | null;
  start_date?: string | null;
  deadline?: string | null;
  keywords?: string | string[] | null;
  categories?: string[] | null;
}

type Current = { status: number; start_date: string | null; deadline: string | null; creator_username: string | null; customer_contact_person: string | null } & Partial<Record<(typeof STATUS_DATES)[number], string | null>>;

/**
 * Check the shared fields (usernames exist in the tenant, a creator or contact person, deadline not before
 * start) into `errors`, and return the shared columns to write (keywords as JSON, status timestamps, history).
 */
export async function commonColumns(db: Kysely<DB>, tenantId: number, body: CommonBody, errors: ErrorBag, current?: Current): Promise<Record<string, unknown>> {
  const { keywords, categories: _categories, ...rest } = body;
  const columns: Record<string, unknown> = { ...rest };
  const names = [body.creator_username, body.processor_username].filter((n): n is string => typeof n === 'string');
  const known = await existingValues(db, 'employees', tenantId, 'username', names);
  for (const field of ['creator_username', 'processor_username'] as const) {
    const value = body[field];
    if (typeof value === 'string' && !known.has(value)) errors.add(field, `The selected ${field.replace('_', ' ')} is invalid.`);
  }
  const creator = body.creator_username ?? current?.creator_username ?? null;
  const contact = body.customer_contact_person !== undefined ? body.customer_contact_person : (current?.customer_contact_person ?? null);
  if (!creator && !contact) errors.add('creator_username', 'The creator username field is required when customer contact person is not present.');
  const start = body.start_date !== undefined ? body.start_date : (current?.start_date ?? null);
  const end = body.deadline !== undefined ? body.deadline : (current?.deadline ?? null);
  if (start && end && end < start) errors.add('deadline', 'The deadline must be a date after or equal to start date.');
  if (keywords !== undefined) {
    const list = keywords === null ? [] : Array.isArray(keywords) ? keywords : keywords.split(',');
    columns.keywords = JSON.stringify(list.map((k) => k.trim()).filter(Boolean));
  }
  const now = nowTimestamp();
  if (body.status !== undefined && body.status !== current?.status) {
    const dateField = STATUS_DATES[body.status];
    if (dateField && !current?.[dateField]) columns[dateField] = now;
  }
  if (current) columns.history_modified = now;
  return columns;
}
