// Offer item rules: the type (id or name) decides which fields apply (others sent non-null are a 422, and are
// cleared when the type changes); an Artikel item needs an existing article; numbers become scaled integers with
// their scale checked (values/money.ts); a Gliederung item carries no price.
import type { TenantDb } from '../../db/tenant-scope.js';
import type { Scope } from '../../tenancy/scope.js';
import { existsInTenant } from '../../db/lookup.js';
import { ErrorBag, notFound } from '../../values/errors.js';
import { toUnits } from '../../values/money.js';
import { pick } from '../crud/index.js';
import type { OfferItemUpdateT, OfferItemT } from './offer-items.schemas.js';
import { idOfLabel, LABELS } from '../../values/labels.js';
import { ARTICLE, itemType, typeById, type ItemField } from './offer-items.types.js';
import {
  articleUnits,
  deleteOfferItem,
  findOfferItem,
  insertOfferItem,
  itemsForTotals,
  listOfferItems,
  toOfferItem,
  updateOfferItem,
  type OfferItemRow,
} from './offer-items.repository.js';
import { offerTotals } from './offer-totals.js';
import type { OfferRow } from './offers.repository.js';

/** Request field -> column and scale (10^scale units). */
const SCALED: Partial<Record<ItemField, { column: string; scale: number; words: string }>> = {
  quantity: { column: 'quantity_e4', scale: 4, words: '4 decimal places' },
  single_price: { column: 'single_price_e4', scale: 4, words: '4 decimal places' },
  amount_deviating_net: { column: 'amount_deviating_net_cents', scale: 2, words: 'cents' },
  receipts_mileage_money: { column: 'receipts_mileage_money_cents', scale: 2, words: 'cents' },
  additional_meal_expenses: { column: 'additional_meal_expenses_cents', scale: 2, words: 'cents' },
  vat: { column: 'vat_e2', scale: 2, words: '2 decimal places' },
};
const ALL_FIELDS: ItemField[] = [
  'quantity',
  'single_price',
  'amount_deviating_net',
  'vat',
  'article_id',
  'expenditure_billing_type',
  'receipts_mileage_money',
  'additional_meal_expenses',
];
const PLAIN = [
  'position',
  'label',
  'description',
  'display_calculation',
  'display_total',
  'is_alternative',
  'sort_order',
] as const;

const named = (v: string | { id: string } | null | undefined) => (typeof v === 'object' && v !== null ? v.id : v);

async function itemColumns(
  db: TenantDb,
  body: OfferItemUpdateT,
  current?: OfferItemRow,
): Promise<Record<string, unknown>> {
  const errors = new ErrorBag();
  const columns: Record<string, unknown> = pick(body, PLAIN);
  const typeName = named(body.type);
  const type = typeName === undefined || typeName === null ? typeById(current!.type) : itemType(typeName);
  if (!type) {
    errors.add('type', 'The selected type is invalid.');
    errors.throwIfAny();
    return columns;
  }
  columns.type = type.id;
  const changed = current !== undefined && current.type !== type.id;
  for (const field of ALL_FIELDS) {
    const value = body[field];
    const applies = type.fields.includes(field);
    const scaled = SCALED[field];
    const column = scaled?.column ?? field;
    if (!applies) {
      if (value !== undefined && value !== null && value !== 0)
        errors.add(field, `The ${field.replace(/_/g, ' ')} field does not apply to items of type ${type.name}.`);
      if (!current || changed) columns[column] = column === 'quantity_e4' || column === 'single_price_e4' ? 0 : null;
      continue;
    }
    if (value === undefined) continue;
    if (scaled) {
      if (value === null) columns[column] = column === 'quantity_e4' || column === 'single_price_e4' ? 0 : null;
      else {
        const units = toUnits(value as number, scaled.scale);
        if (units === undefined)
          errors.add(field, `The ${field.replace(/_/g, ' ')} field must have at most ${scaled.words}.`);
        else columns[column] = units;
      }
    } else if (field === 'expenditure_billing_type') {
      const id = named(value as string | { id: string } | null);
      let found: string | number | null | undefined = null;
      if (id !== null && id !== undefined)
        found = Object.hasOwn(LABELS.expenditure_billing_type, id) ? id : idOfLabel('expenditure_billing_type', id);
      if (found === undefined) errors.add(field, 'The selected expenditure billing type is invalid.');
      else columns[column] = found;
    } else columns[column] = value;
  }
  if (type.id === ARTICLE) {
    const kept = changed ? null : (current?.article_id ?? null);
    const article = body.article_id !== undefined ? body.article_id : kept;
    if (article === null || article === undefined)
      errors.add('article_id', 'The article id field is required for items of type Artikel.');
    else if (!(await existsInTenant(db, 'articles', 'id', Number(article))))
      errors.add('article_id', 'The selected article id is invalid.');
  }
  errors.throwIfAny();
  return columns;
}

export async function requireOfferItem(db: TenantDb, offerId: number, id: number): Promise<OfferItemRow> {
  const row = await findOfferItem(db, offerId, id);
  if (!row) throw notFound('Offer item');
  return row;
}

export async function createOfferItem(db: TenantDb, offerId: number, body: OfferItemUpdateT): Promise<OfferItemRow> {
  return insertOfferItem(db, { ...(await itemColumns(db, body)), offer_id: offerId });
}

export async function changeOfferItem(db: TenantDb, row: OfferItemRow, body: OfferItemUpdateT): Promise<OfferItemRow> {
  return updateOfferItem(db, Number(row.id), await itemColumns(db, body, row));
}

/** Items with their totals (a surcharge depends on the items before it, so the offer's items are read once) and
 * the units of their articles (one query per page). */
export async function presentOfferItems(db: TenantDb, offerId: number, rows: OfferItemRow[]): Promise<OfferItemT[]> {
  const totals = await itemsForTotals(db, [offerId]);
  const units = await articleUnits(
    db,
    rows.flatMap((r) => (r.article_id === null ? [] : [Number(r.article_id)])),
  );
  const { itemNet } = offerTotals(totals.get(offerId) ?? []);
  return rows.map((r) =>
    toOfferItem(
      r,
      itemNet.get(Number(r.id)) ?? 0n,
      db.language,
      r.article_id === null ? null : (units.get(Number(r.article_id)) ?? null),
    ),
  );
}

/** The items of an offer as the CRUD kit (modules/crud) lists, reads and writes them. */
export const offerItems = {
  list: ({ db }: Scope, _query: unknown, offer: OfferRow) => listOfferItems(db, Number(offer.id)),
  find: ({ db }: Scope, id: number, offer: OfferRow) => findOfferItem(db, Number(offer.id), id),
  show: async ({ db }: Scope, row: OfferItemRow, offer: OfferRow) =>
    (await presentOfferItems(db, Number(offer.id), [row]))[0],
  showMany: ({ db }: Scope, rows: OfferItemRow[], offer: OfferRow) => presentOfferItems(db, Number(offer.id), rows),
  insert: ({ db }: Scope, body: OfferItemUpdateT, offer: OfferRow) => createOfferItem(db, Number(offer.id), body),
  update: ({ db }: Scope, row: OfferItemRow, changes: OfferItemUpdateT) => changeOfferItem(db, row, changes),
  remove: async ({ db }: Scope, row: OfferItemRow) => {
    await deleteOfferItem(db, Number(row.id));
  },
};
