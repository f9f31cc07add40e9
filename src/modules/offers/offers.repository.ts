// SQL for offers; a page's items are read in one query for the totals and counts (offer-totals.ts).
import type { Selectable } from 'kysely';
import type { TenantDb } from '../../db/tenant-scope.js';
import type { ListSpec } from '../../db/list-spec.js';
import { outDate, outTimestamp, toBool } from '../../values/formats.js';
import { fromUnits } from '../../values/money.js';
import { insertRow, updateRow } from '../crud/index.js';
import type { OffersTable } from './offers.tables.js';
import type { OfferT } from './offers.schemas.js';
import { labelled } from '../../values/labels.js';
import { offerTotals, type Totals } from './offer-totals.js';
import { itemsForTotals } from './offer-items.repository.js';
import { authorsOf } from '../../db/row-mapping.js';

export type OfferRow = Selectable<OffersTable>;

/** Sortable besides the key: the writable fields, created and modified (each indexed by migration 1800). */
const SORTABLE = [
  'title',
  'status',
  'status_since',
  'valid_until',
  'order_date',
  'realization_from',
  'realization_until',
  'processor_username',
  'customer_id',
  'customer_contact_id',
  'department_id',
  'project_id',
  'ticket_id',
  'default_validity',
  'order_probability_percent',
  'is_net',
  'created',
  'modified',
];
export const offerListSpec: ListSpec = {
  key: ['id'],
  sortable: { id: 'id', ...Object.fromEntries(SORTABLE.map((c) => [c, { column: c, nullable: true }])) },
};

export interface OfferFilters {
  ids?: number[];
  customer_id?: string;
  status?: number;
}

export function listOffers(db: TenantDb, f: OfferFilters) {
  let q = db.selectFrom('offers').selectAll();
  if (f.ids) q = q.where('id', 'in', f.ids.length ? f.ids : [0]);
  if (f.customer_id !== undefined) q = q.where('customer_id', '=', f.customer_id);
  if (f.status !== undefined) q = q.where('status', '=', f.status);
  return q;
}

export const findOffer = (db: TenantDb, id: number) =>
  db.selectFrom('offers').selectAll().where('id', '=', id).executeTakeFirst();

export const insertOffer = (db: TenantDb, values: Record<string, unknown>) => insertRow(db, 'offers', values);
export const updateOffer = (db: TenantDb, id: number, values: Record<string, unknown>) =>
  updateRow(db, 'offers', id, values);
export const deleteOffer = (db: TenantDb, id: number) => db.deleteFrom('offers').where('id', '=', id).execute();

const cents = (v: bigint) => fromUnits(Number(v), 2);

/** Offers with their item counts and totals (one item query for the whole page). */
export async function toOffers(db: TenantDb, rows: OfferRow[]): Promise<OfferT[]> {
  const items = await itemsForTotals(
    db,
    rows.map((r) => Number(r.id)),
  );
  return rows.map((r) => {
    const own = items.get(Number(r.id)) ?? [];
    return toOffer(r, own.length, offerTotals(own), db.language);
  });
}

function toOffer(r: OfferRow, itemsCount: number, totals: Totals, language: string): OfferT {
  return {
    id: Number(r.id),
    title: r.title,
    status: labelled(language, 'offer_status', Number(r.status))!,
    status_since: outTimestamp(r.status_since),
    valid_until: outDate(r.valid_until),
    order_date: outDate(r.order_date),
    realization_from: outDate(r.realization_from),
    realization_until: outDate(r.realization_until),
    processor_username: r.processor_username,
    customer_id: r.customer_id,
    customer_contact_id: r.customer_contact_id === null ? null : String(r.customer_contact_id),
    department_id: r.department_id === null ? null : Number(r.department_id),
    project_id: r.project_id === null ? null : Number(r.project_id),
    ticket_id: r.ticket_id === null ? null : Number(r.ticket_id),
    default_validity: r.default_validity === null ? null : Number(r.default_validity),
    items_count: itemsCount,
    order_probability_percent: r.order_probability_percent === null ? null : Number(r.order_probability_percent),
    is_net: toBool(r.is_net) ?? true,
    total_net: cents(totals.net),
    total_vat: cents(totals.vat),
    total_gross: cents(totals.gross),
    created: outTimestamp(r.created),
    modified: outTimestamp(r.modified),
    ...authorsOf(r),
  };
}

/** The id of the customer an offer names by number (undefined: none such). */
export const customerIdOf = (db: TenantDb, customerNumber: string) =>
  db.selectFrom('customers').select('id').where('customer_number', '=', customerNumber).executeTakeFirst();
