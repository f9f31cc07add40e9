// SQL for offer items, always within one offer, in offer order (sort_order, then id).
import { sql, type Selectable } from 'kysely';
import type { TenantDb } from '../../db/tenant-scope.js';
import type { ListSpec } from '../../db/list-spec.js';
import { outTimestamp, toBool } from '../../values/formats.js';
import { fromUnits } from '../../values/money.js';
import { insertRow, updateRow } from '../crud/index.js';
import type { OfferItemsTable } from './offers.tables.js';
import type { OfferItemT } from './offer-items.schemas.js';
import { typeById, unitOf } from './offer-items.types.js';
import { labelled } from '../../values/labels.js';
import type { TotalsItem } from './offer-totals.js';
import { authorsOf } from '../../db/row-mapping.js';

export type OfferItemRow = Selectable<OfferItemsTable>;

/** The contract's item list takes `page` only: offer order, 15 per page. */
export const offerItemListSpec: ListSpec = {
  key: ['id'],
  sortable: {},
  fixedOrder: [
    { column: 'sort_order', direction: 'asc', nullable: true },
    { column: 'id', direction: 'asc' },
  ],
  pageSize: 15,
};

export const listOfferItems = (db: TenantDb, offerId: number) =>
  db.selectFrom('offer_items').selectAll().where('offer_id', '=', offerId);

export const findOfferItem = (db: TenantDb, offerId: number, id: number) =>
  db.selectFrom('offer_items').selectAll().where('offer_id', '=', offerId).where('id', '=', id).executeTakeFirst();

export const insertOfferItem = (db: TenantDb, values: Record<string, unknown>) => insertRow(db, 'offer_items', values);
export const updateOfferItem = (db: TenantDb, id: number, values: Record<string, unknown>) =>
  updateRow(db, 'offer_items', id, values);
export const deleteOfferItem = (db: TenantDb, id: number) =>
  db.deleteFrom('offer_items').where('id', '=', id).execute();

const TOTALS_COLUMNS = [
  'id',
  'offer_id',
  'type',
  'quantity_e4',
  'single_price_e4',
  'amount_deviating_net_cents',
  'receipts_mileage_money_cents',
  'additional_meal_expenses_cents',
  'vat_e2',
  'is_alternative',
] as const;

/** The items of these offers in offer order, as the totals need them: Map<offerId, items>. */
export async function itemsForTotals(db: TenantDb, offerIds: readonly number[]): Promise<Map<number, TotalsItem[]>> {
  const out = new Map<number, TotalsItem[]>();
  if (offerIds.length === 0) return out;
  const rows = await db
    .selectFrom('offer_items')
    .select(TOTALS_COLUMNS)
    .where('offer_id', 'in', [...offerIds])
    .orderBy('offer_id')
    .orderBy(sql`sort_order asc nulls last`)
    .orderBy('id')
    .execute();
  for (const r of rows) {
    const list = out.get(Number(r.offer_id)) ?? [];
    list.push(totalsItem(r));
    out.set(Number(r.offer_id), list);
  }
  return out;
}

export function totalsItem(r: Pick<OfferItemRow, (typeof TOTALS_COLUMNS)[number]>): TotalsItem {
  const n = (v: number | null) => (v === null ? null : Number(v));
  return {
    id: Number(r.id),
    type: r.type,
    quantity_e4: Number(r.quantity_e4),
    single_price_e4: Number(r.single_price_e4),
    amount_deviating_net_cents: n(r.amount_deviating_net_cents),
    receipts_mileage_money_cents: n(r.receipts_mileage_money_cents),
    additional_meal_expenses_cents: n(r.additional_meal_expenses_cents),
    vat_e2: n(r.vat_e2),
    is_alternative: !!toBool(r.is_alternative),
  };
}

const money = (v: number | null, scale: number) => (v === null ? null : fromUnits(Number(v), scale));

/** The own unit of each of these articles (one query for a page of items). */
export async function articleUnits(db: TenantDb, articleIds: readonly number[]): Promise<Map<number, string | null>> {
  if (articleIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('articles')
    .select(['id', 'unit'])
    .where('id', 'in', [...new Set(articleIds)])
    .execute();
  return new Map(rows.map((r) => [Number(r.id), r.unit]));
}

export function toOfferItem(
  r: OfferItemRow,
  totalNetCents: bigint,
  language: string,
  articleUnit: string | null = null,
): OfferItemT {
  const type = typeById(r.type);
  const billing = r.expenditure_billing_type;
  return {
    id: Number(r.id),
    offer_id: Number(r.offer_id),
    position: r.position,
    label: r.label,
    description: r.description,
    type: labelled(language, 'offer_item_type', type.id)!,
    quantity: fromUnits(Number(r.quantity_e4), 4),
    single_price: fromUnits(Number(r.single_price_e4), 4),
    unit: unitOf({ ...r, article_unit: articleUnit }),
    receipts_mileage_money: money(r.receipts_mileage_money_cents, 2),
    additional_meal_expenses: money(r.additional_meal_expenses_cents, 2),
    amount_deviating_net: money(r.amount_deviating_net_cents, 2),
    vat: money(r.vat_e2, 2),
    display_calculation: !!toBool(r.display_calculation),
    display_total: !!toBool(r.display_total),
    is_alternative: !!toBool(r.is_alternative),
    sort_order: r.sort_order === null ? null : Number(r.sort_order),
    article_id: r.article_id === null ? null : Number(r.article_id),
    expenditure_billing_type: labelled(language, 'expenditure_billing_type', billing),
    total_net: fromUnits(Number(totalNetCents), 2),
    created: outTimestamp(r.created),
    modified: outTimestamp(r.modified),
    ...authorsOf(r),
  };
}
