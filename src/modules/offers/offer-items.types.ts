// Offer item types (contract "Offer item"; ids of docs/api/conventions.md where known, the others chosen here): which fields
// each type uses, and the unit it derives.

import { idOfLabel, LABELS } from '../../values/labels.js';

export type ItemField =
  | 'quantity'
  | 'single_price'
  | 'amount_deviating_net'
  | 'vat'
  | 'article_id'
  | 'expenditure_billing_type'
  | 'receipts_mileage_money'
  | 'additional_meal_expenses';

export interface ItemType {
  id: string;
  /** The English name (the contract's); responses name the type in the tenant's language (values/labels.ts offer_item_type). */
  name: string;
  /** Fields an item of this type may carry; any other of ItemField sent non-null is a 422. */
  fields: readonly ItemField[];
  /** The unit shown, or how to derive it. */
  unit: string | null | ((item: UnitSource) => string);
}

/** What a unit is derived from: the item, and for an Artikel item its article's own unit. */
export interface UnitSource {
  type: string;
  expenditure_billing_type: string | null;
  article_unit?: string | null;
}

/** An Artikel item without an article unit (the article names none) shows Stück. */
export const DEFAULT_ARTICLE_UNIT = 'Stück';

const PRICED: ItemField[] = ['quantity', 'single_price', 'amount_deviating_net', 'vat'];

export const ITEM_TYPES: readonly ItemType[] = [
  { id: 'gruppierung', name: LABELS.offer_item_type.gruppierung.en, fields: [], unit: null },
  {
    id: 'artikel',
    name: LABELS.offer_item_type.artikel.en,
    fields: [...PRICED, 'article_id'],
    unit: (item) => item.article_unit || DEFAULT_ARTICLE_UNIT,
  },
  {
    id: 'aufwand',
    name: LABELS.offer_item_type.aufwand.en,
    fields: [...PRICED, 'expenditure_billing_type', 'receipts_mileage_money', 'additional_meal_expenses'],
    unit: (item) => (item.expenditure_billing_type === 'tsatz' ? 'Tage' : 'Stunden'),
  },
  { id: 'pauschal', name: LABELS.offer_item_type.pauschal.en, fields: PRICED, unit: 'Pauschal' },
  { id: 'festpreis', name: LABELS.offer_item_type.festpreis.en, fields: PRICED, unit: 'Pauschal' },
  {
    id: 'zuschlag_prozent',
    name: LABELS.offer_item_type.zuschlag_prozent.en,
    fields: ['quantity', 'amount_deviating_net', 'vat'],
    unit: '%',
  },
];

export const SURCHARGE = 'zuschlag_prozent';
export const GROUPING = 'gruppierung';
export const ARTICLE = 'artikel';

/** The type named by its id or its name, German or English (case-insensitive), or undefined. */
export function itemType(idOrName: string): ItemType | undefined {
  const wanted = idOrName.trim().toLowerCase();
  const id = ITEM_TYPES.some((t) => t.id === wanted) ? wanted : idOfLabel('offer_item_type', wanted);
  return ITEM_TYPES.find((t) => t.id === id);
}

export const typeById = (id: string): ItemType => itemType(id)!;

export function unitOf(item: UnitSource): string | null {
  const u = typeById(item.type).unit;
  return typeof u === 'function' ? u(item) : u;
}
