// An offer's totals from its items, in integer cents (values/money.ts): quantity × single_price rounded to cents,
// amount_deviating_net instead where given, a surcharge in percent (its quantity) of the net total of the items
// before it, alternative items left out of every sum, VAT summed per rate and rounded once per rate.
import { productCents, percentOfCents, divRound } from '../../values/money.js';
import { GROUPING, SURCHARGE } from './offer-items.types.js';
import type { OfferItemsTable } from './offers.tables.js';

/** The item columns the totals read, with the id and flag as plain values. */
export type TotalsItem = Pick<
  OfferItemsTable,
  | 'type'
  | 'quantity_e4'
  | 'single_price_e4'
  | 'amount_deviating_net_cents'
  | 'receipts_mileage_money_cents'
  | 'additional_meal_expenses_cents'
  | 'vat_e2'
> & {
  id: number;
  is_alternative: boolean;
};

export interface Totals {
  net: bigint;
  vat: bigint;
  gross: bigint;
  /** Each item's own net total in cents (alternatives included, as if chosen). */
  itemNet: Map<number, bigint>;
}

/** Totals of items given in offer order (sort_order, then id). */
export function offerTotals(items: readonly TotalsItem[]): Totals {
  const itemNet = new Map<number, bigint>();
  const netByRate = new Map<number, bigint>();
  let running = 0n;
  for (const item of items) {
    if (item.type === GROUPING) {
      itemNet.set(item.id, 0n);
      continue;
    }
    let net: bigint;
    if (item.amount_deviating_net_cents !== null) net = BigInt(item.amount_deviating_net_cents);
    else if (item.type === SURCHARGE) net = divRound(running * BigInt(item.quantity_e4), 1_000_000n);
    else
      net =
        productCents(item.quantity_e4, item.single_price_e4) +
        BigInt(item.receipts_mileage_money_cents ?? 0) +
        BigInt(item.additional_meal_expenses_cents ?? 0);
    itemNet.set(item.id, net);
    if (item.is_alternative) continue;
    running += net;
    const rate = item.vat_e2 ?? 0;
    netByRate.set(rate, (netByRate.get(rate) ?? 0n) + net);
  }
  let vat = 0n;
  for (const [rate, net] of netByRate) vat += percentOfCents(net, rate);
  return { net: running, vat, gross: running + vat, itemNet };
}
