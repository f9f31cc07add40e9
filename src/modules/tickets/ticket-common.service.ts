// The rules tickets and subtasks share: usernames exist in the tenant, a creator or a contact person, the deadline
// not before the start, keywords, and the timestamps a status change sets.
import type { TenantDb } from '../../db/tenant-scope.js';
import { existingValues } from '../../db/lookup.js';
import { ErrorBag } from '../../values/errors.js';
import { nowTimestamp } from '../../values/formats.js';

/** The timestamp a status change into this status sets (once). */
const STATUS_DATES: Readonly<
  Record<number, 'processing_date' | 'done_date' | 'rejected_date' | 'approved_date' | 'billed_date'>
> = {
  2: 'processing_date',
  3: 'done_date',
  4: 'rejected_date',
  5: 'approved_date',
  8: 'billed_date',
};

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

type Current = {
  status: number;
  start_date: string | null;
  deadline: string | null;
  creator_username: string | null;
  customer_contact_person: string | null;
} & Partial<Record<(typeof STATUS_DATES)[number], string | null>>;

/**
 * Check the shared fields (usernames exist in the tenant, a creator or contact person, deadline not before
 * start) into `errors`, and return the shared columns to write (keywords as JSON, status timestamps, history).
 */
export async function commonColumns(
  db: TenantDb,
  body: CommonBody,
  errors: ErrorBag,
  current?: Current,
): Promise<Record<string, unknown>> {
  const { keywords, categories: _categories, ...rest } = body;
  const columns: Record<string, unknown> = { ...rest };
  const names = [body.creator_username, body.processor_username].filter((n): n is string => typeof n === 'string');
  const known = await existingValues(db, 'employees', 'username', names);
  for (const field of ['creator_username', 'processor_username'] as const) {
    const value = body[field];
    if (typeof value === 'string' && !known.has(value))
      errors.add(field, `The selected ${field.replace('_', ' ')} is invalid.`);
  }
  const creator = body.creator_username ?? current?.creator_username ?? null;
  const contact =
    body.customer_contact_person !== undefined
      ? body.customer_contact_person
      : (current?.customer_contact_person ?? null);
  if (!creator && !contact)
    errors.add(
      'creator_username',
      'The creator username field is required when customer contact person is not present.',
    );
  const start = body.start_date !== undefined ? body.start_date : (current?.start_date ?? null);
  const end = body.deadline !== undefined ? body.deadline : (current?.deadline ?? null);
  if (start && end && end < start) errors.add('deadline', 'The deadline must be a date after or equal to start date.');
  if (keywords !== undefined) {
    let list: string[] = [];
    if (keywords !== null) list = Array.isArray(keywords) ? keywords : keywords.split(',');
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
