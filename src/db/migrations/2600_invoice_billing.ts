// Billing bills (docs/api/commercial.md "Billing and correction"): billing an invoice sets its items to Billed with
// their billed amount and the receipts they bill to Billed, keeping what it changed in billing_undo so a correction
// can restore it; the invoice amount is the gross sum of its items that are not Canceled.
// Stored data is brought in line: the items and receipts of invoices already Billed are billed now (with their
// undo), and every invoice's amount is recomputed from its items. An invoice without items whose stored amount is
// not 0 keeps that amount as one Flat Rate item carrying it (so no stored figure is lost), billed when the invoice is.
// The arithmetic is the one of src/modules/invoices (integer cents, rounded once, half away from zero), copied here
// so this migration stays as it ran.
import type { Kysely } from 'kysely';
import type { Migration } from '../migration.js';
import { execScript } from '../migration.js';
import { ddl } from '../dialect.js';

const BILLED_INVOICE = 0;
const ITEM_BILLED = 2;
const ITEM_CANCELED = 3;
const RECEIPT_BILLED = 3;

function divRound(a: bigint, b: bigint): bigint {
  const q = a / b;
  const r = a % b;
  if (2n * (r < 0n ? -r : r) >= b) return a < 0n ? q - 1n : q + 1n;
  return q;
}

interface Item {
  id: number;
  status: number;
  billed_amount_cents: number | null;
  billed_date: string | null;
  quantity_e5: number;
  unit_price_e4: number;
  vat_e4: number | null;
}

const netOf = (i: Item) =>
  i.billed_amount_cents !== null
    ? BigInt(i.billed_amount_cents)
    : divRound(BigInt(i.quantity_e5) * BigInt(i.unit_price_e4), 10_000_000n);
const grossOf = (i: Item) => {
  const net = netOf(i);
  return net + (i.vat_e4 === null ? 0n : divRound(net * BigInt(i.vat_e4), 1_000_000n));
};

async function billStored(
  db: Kysely<any>,
  tenant_id: number,
  invoice: { id: number; date: string },
  items: Item[],
  now: string,
): Promise<void> {
  const billed = items.filter((i) => Number(i.status) !== ITEM_CANCELED);
  for (const i of billed) {
    const undo = {
      status: Number(i.status),
      billed_amount_cents: i.billed_amount_cents === null ? null : Number(i.billed_amount_cents),
      billed_date: i.billed_date,
    };
    await db
      .updateTable('invoice_items')
      .set({
        status: ITEM_BILLED,
        billed_amount_cents: Number(netOf(i)),
        billed_date: i.billed_date ?? `${String(invoice.date).slice(0, 10)} 00:00:00`,
        billing_undo: JSON.stringify(undo),
        modified: now,
      })
      .where('tenant_id', '=', tenant_id)
      .where('id', '=', Number(i.id))
      .execute();
  }
  if (billed.length === 0) return;
  const ids = billed.map((i) => Number(i.id));
  const receipts = await db
    .selectFrom('receipts')
    .select(['id', 'billing_status'])
    .where('tenant_id', '=', tenant_id)
    .where('invoice_item_id', 'in', ids)
    .execute();
  for (const r of receipts) {
    if (r.billing_status !== null && Number(r.billing_status) === RECEIPT_BILLED) continue;
    await db
      .updateTable('receipts')
      .set({
        billing_status: RECEIPT_BILLED,
        billing_undo: JSON.stringify({ billing_status: r.billing_status === null ? null : Number(r.billing_status) }),
        modified: now,
      })
      .where('tenant_id', '=', tenant_id)
      .where('id', '=', Number(r.id))
      .execute();
  }
}

export const invoiceBilling: Migration = {
  version: '2600_invoice_billing',
  async up(db, dialect) {
    const t = ddl(dialect);
    await execScript(
      db,
      `ALTER TABLE invoice_items ADD COLUMN billing_undo ${t.text};\nALTER TABLE receipts ADD COLUMN billing_undo ${t.text}`,
    );
    const now = new Date().toISOString().slice(0, 19).replace('T', ' ');
    const invoices = await db
      .selectFrom('invoices')
      .select(['tenant_id', 'id', 'status', 'date', 'amount_cents', 'currency'])
      .orderBy('tenant_id')
      .orderBy('id')
      .execute();
    for (const inv of invoices) {
      const tenant_id = Number(inv.tenant_id);
      const id = Number(inv.id);
      const isBilled = Number(inv.status) === BILLED_INVOICE;
      const items: Item[] = await db
        .selectFrom('invoice_items')
        .select(['id', 'status', 'billed_amount_cents', 'billed_date', 'quantity_e5', 'unit_price_e4', 'vat_e4'])
        .where('tenant_id', '=', tenant_id)
        .where('invoice_id', '=', id)
        .orderBy('id')
        .execute();
      if (items.length === 0 && Number(inv.amount_cents) !== 0) {
        const cents = Number(inv.amount_cents);
        await db
          .insertInto('invoice_items')
          .values({
            tenant_id,
            invoice_id: id,
            description: 'Invoice amount recorded before amounts were derived from items',
            quantity_e5: 100_000,
            unit_price_e4: cents * 100,
            currency: inv.currency,
            language: 'de',
            status: isBilled ? ITEM_BILLED : 0,
            kind: 1,
            type: 0,
            billed_amount_cents: isBilled ? cents : null,
            billed_date: isBilled ? `${String(inv.date).slice(0, 10)} 00:00:00` : null,
            billing_undo: isBilled ? JSON.stringify({ status: 0, billed_amount_cents: null, billed_date: null }) : null,
            created: now,
            modified: now,
          })
          .execute();
        continue;
      }
      if (isBilled) await billStored(db, tenant_id, { id, date: inv.date }, items, now);
      const amount = Number(
        items.filter((i) => Number(i.status) !== ITEM_CANCELED).reduce((sum, i) => sum + grossOf(i), 0n),
      );
      if (amount !== Number(inv.amount_cents)) {
        await db
          .updateTable('invoices')
          .set({ amount_cents: amount, modified: now })
          .where('tenant_id', '=', tenant_id)
          .where('id', '=', id)
          .execute();
      }
    }
  },
};
