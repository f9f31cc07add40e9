// What offers and their items derive from (plugins/write-path/records.ts): an offer's items_count and totals from
// its items, an item's own total (a surcharge is a percentage of the items before it) and its article's unit. The
// items' totals are compared before and after the write, so an item change that moves no total changes no offer.
import type { DeriveContext, Derivation, Row, RowChange } from '../../plugins/write-path/records.js';
import { offerTotals } from './offer-totals.js';
import { totalsItem } from './offer-items.repository.js';

/** The item columns the totals read (and the order they are summed in). */
const TOTALS = [
  'offer_id',
  'type',
  'quantity_e4',
  'single_price_e4',
  'amount_deviating_net_cents',
  'receipts_mileage_money_cents',
  'additional_meal_expenses_cents',
  'vat_e2',
  'is_alternative',
  'sort_order',
];

const inOfferOrder = (rows: Row[]) =>
  [...rows].sort(
    (a, b) =>
      (a.sort_order == null ? 1 : 0) - (b.sort_order == null ? 1 : 0) ||
      Number(a.sort_order ?? 0) - Number(b.sort_order ?? 0) ||
      Number(a.id) - Number(b.id),
  );

const totalsOf = (rows: Row[]) => offerTotals(inOfferOrder(rows).map((r) => totalsItem(r as never)));

/** Per offer the changes touch: its items' totals now and before the write. */
async function offersTotals(ctx: DeriveContext, changes: readonly RowChange[]) {
  const offers = [
    ...new Set(
      changes
        .flatMap((c) => [c.old?.offer_id, c.new?.offer_id])
        .filter((v) => v != null)
        .map(Number),
    ),
  ];
  const rows = (await ctx.scope.db
    .selectFrom('offer_items')
    .selectAll()
    .where('offer_id', 'in', offers)
    .execute()) as Row[];
  return offers.map((offer) => {
    const now = rows.filter((r) => Number(r.offer_id) === offer);
    const before = ctx.before('offer_items', now, (r) => Number(r.offer_id) === offer);
    return { offer, count: [before.length, now.length], totals: [totalsOf(before), totalsOf(now)] };
  });
}

export const offerTotalsDerivation: Derivation = {
  table: 'offer_items',
  columns: TOTALS,
  find: async (ctx, changes) =>
    (await offersTotals(ctx, changes))
      .filter(
        ({ count, totals: [a, b] }) =>
          count[0] !== count[1] || a.net !== b.net || a.vat !== b.vat || a.gross !== b.gross,
      )
      .map(({ offer }) => offer),
};

export const offerItemDerivations: Derivation[] = [
  { table: 'articles', columns: ['unit'], match: { article_id: 'id' } },
  {
    table: 'offer_items',
    columns: TOTALS,
    find: async (ctx, changes) =>
      (await offersTotals(ctx, changes)).flatMap(({ totals: [a, b] }) =>
        [...b.itemNet].filter(([id, net]) => a.itemNet.has(id) && a.itemNet.get(id) !== net).map(([id]) => id),
      ),
  },
];
