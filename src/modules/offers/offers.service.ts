// Offer rules beyond plain SQL: every reference inside the tenant (a contact must be one of the offer's customer,
// 422 on customer_contact_id otherwise), realization dates in order, status_since set when the status changes.
import type { TenantDb } from '../../db/tenant-scope.js';
import type { Scope } from '../../tenancy/scope.js';
import { arrayParam } from '../../http/list/index.js';
import { existsInTenant } from '../../db/lookup.js';
import { ErrorBag, notFound } from '../../values/errors.js';
import { nowTimestamp } from '../../values/formats.js';
import { dateValues, enumId, merged, pick } from '../crud/index.js';
import { findContact } from '../customers/contacts.repository.js';
import { OFFER_DATES, type OfferWriteT } from './offers.schemas.js';
import {
  customerIdOf,
  deleteOffer,
  findOffer,
  insertOffer,
  listOffers,
  toOffers,
  updateOffer,
  type OfferFilters,
  type OfferRow,
} from './offers.repository.js';

const COLUMNS = [
  'title',
  'valid_until',
  'order_date',
  'realization_from',
  'realization_until',
  'processor_username',
  'customer_id',
  'department_id',
  'project_id',
  'ticket_id',
  'default_validity',
  'order_probability_percent',
  'is_net',
] as const;

export async function requireOffer(db: TenantDb, id: number): Promise<OfferRow> {
  const row = await findOffer(db, id);
  if (!row) throw notFound('Offer');
  return row;
}

async function offerColumns(db: TenantDb, body: OfferWriteT, current?: OfferRow): Promise<Record<string, unknown>> {
  dateValues(body, OFFER_DATES);
  const errors = new ErrorBag();
  const columns: Record<string, unknown> = pick(body, COLUMNS);
  const customer = merged(body.customer_id, current?.customer_id ?? null);
  const sentContact = body.customer_contact_id == null ? body.customer_contact_id : Number(body.customer_contact_id);
  const contact = merged(sentContact, current?.customer_contact_id ?? null);
  if (body.customer_contact_id !== undefined) columns.customer_contact_id = contact;
  const customerRow = customer === null ? undefined : await customerIdOf(db, customer);
  if (body.customer_id != null && !customerRow) errors.add('customer_id', 'The selected customer id is invalid.');
  else if (contact !== null && (body.customer_id !== undefined || body.customer_contact_id !== undefined)) {
    if (!customerRow) errors.add('customer_contact_id', 'A contact needs the customer it belongs to (customer_id).');
    else if (!(await findContact(db, Number(customerRow.id), Number(contact))))
      errors.add('customer_contact_id', 'The selected customer contact id is not a contact of the customer.');
  }
  const refs = [
    ['processor_username', 'employees', 'username'],
    ['department_id', 'departments', 'id'],
    ['project_id', 'projects', 'id'],
    ['ticket_id', 'tickets', 'id'],
  ] as const;
  for (const [field, table, column] of refs) {
    const v = body[field];
    if (v !== undefined && v !== null && !(await existsInTenant(db, table, column, v)))
      errors.add(field, `The selected ${field.replace(/_/g, ' ')} is invalid.`);
  }
  const from = merged(body.realization_from, current?.realization_from ?? null);
  const until = merged(body.realization_until, current?.realization_until ?? null);
  if (from && until && String(until).slice(0, 10) < String(from).slice(0, 10))
    errors.add('realization_until', 'The realization until must be a date after or equal to realization from.');
  errors.throwIfAny();
  const status = enumId(body.status);
  if (status !== undefined && status !== null && (!current || Number(current.status) !== status)) {
    columns.status = status;
    columns.status_since = nowTimestamp();
  }
  return columns;
}

export async function createOffer(db: TenantDb, body: OfferWriteT): Promise<OfferRow> {
  const columns = await offerColumns(db, { status: 1, ...body });
  return insertOffer(db, columns);
}

export async function changeOffer(db: TenantDb, row: OfferRow, body: OfferWriteT): Promise<OfferRow> {
  const columns = await offerColumns(db, body, row);
  return updateOffer(db, Number(row.id), columns);
}

/** An offer goes with its items. */
export const removeOffer = (db: TenantDb, row: OfferRow) => deleteOffer(db, Number(row.id)).then(() => undefined);

/** The query of GET /offers as the repository filters it (`id` may repeat). */
function offerFilters(query: Record<string, unknown>): OfferFilters {
  const q = query as OfferFilters;
  return { ids: arrayParam(query, 'id')?.map(Number), customer_id: q.customer_id, status: q.status };
}

/** The offers as the CRUD kit (modules/crud) lists, reads and writes them. */
export const offers = {
  list: ({ db }: Scope, query: Record<string, unknown>) => listOffers(db, offerFilters(query)),
  find: ({ db }: Scope, id: number) => findOffer(db, id),
  show: async ({ db }: Scope, row: OfferRow) => (await toOffers(db, [row]))[0],
  showMany: ({ db }: Scope, rows: OfferRow[]) => toOffers(db, rows),
  insert: ({ db }: Scope, body: OfferWriteT) => createOffer(db, body),
  update: ({ db }: Scope, row: OfferRow, changes: OfferWriteT) => changeOffer(db, row, changes),
  remove: ({ db }: Scope, row: OfferRow) => removeOffer(db, row),
};
