// Invoice and invoice item enumerations (reference §2: item status 0–3, item kind 1, item type 0, invoice
// billing kind 0 and status 0 are attested; the other ids are chosen here, docs/api/commercial.md).

/** Invoice status: an invoice is Billed (0) once issued; Draft invoices may still change or be deleted. */
export const INVOICE_STATUSES: Readonly<Record<number, string>> = { 0: 'Billed', 1: 'Draft', 2: 'Cancelled' };
export const BILLED = 0;
export const DRAFT = 1;
export const INVOICE_BILLING_KINDS: Readonly<Record<number, string>> = { 0: 'Abrechnung', 1: 'Abschlagsrechnung', 2: 'Gutschrift' };

export const ITEM_STATUSES: Readonly<Record<number, string>> = { 0: 'Planned', 1: 'Approved', 2: 'Billed', 3: 'Canceled' };
export const ITEM_KINDS: Readonly<Record<number, string>> = { 0: 'Time and material', 1: 'Flat Rate' };
export const ITEM_TYPES: Readonly<Record<number, string>> = { 0: 'Geplante', 1: 'Ungeplante' };

export const idName = (names: Readonly<Record<number, string>>, id: number) => ({ id: Number(id), name: names[Number(id)] ?? String(id) });
export const describe = (names: Readonly<Record<number, string>>) => Object.entries(names).map(([k, v]) => `${k} ${v}`).join(', ');
