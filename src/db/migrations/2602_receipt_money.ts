// One money representation for the whole API (docs/api/conventions.md "Money and currencies"): receipts stored
// their amounts as rounded binary floats (REAL / DOUBLE PRECISION) while offers and invoices use scaled integers.
// The per-diem deductions become cents, the amount lines tax and quantity in 1/10^4 and money in cents. Every stored
// value was rounded to its places on input (money 2, tax and quantity 4), so value × 10^places lies within a tiny
// fraction of an integer and ROUND recovers it exactly: the API prints the same decimal text as before. Shares that
// were null become 0 (the lines now always print them, "0.00").
import type { Migration } from '../migration.js';
import { execScript } from '../migration.js';
import { ddl } from '../dialect.js';

const COLUMNS: [table: string, from: string, to: string, places: number][] = [
  ['receipts', 'breakfast', 'breakfast_cents', 2],
  ['receipts', 'lunch_or_dinner', 'lunch_or_dinner_cents', 2],
  ['receipt_amounts', 'tax', 'tax_e4', 4],
  ['receipt_amounts', 'quantity', 'quantity_e4', 4],
  ['receipt_amounts', 'amount', 'amount_cents', 2],
  ['receipt_amounts', 'invoicing_share', 'invoicing_share_cents', 2],
  ['receipt_amounts', 'private_share', 'private_share_cents', 2],
];

export const receiptMoney: Migration = {
  version: '2602_receipt_money',
  async up(db, dialect) {
    const t = ddl(dialect);
    await execScript(
      db,
      COLUMNS.map(
        ([table, from, to, places]) =>
          `ALTER TABLE ${table} ADD COLUMN ${to} ${t.int} NOT NULL DEFAULT 0;\n` +
          `UPDATE ${table} SET ${to} = CAST(ROUND(${from} * ${10 ** places}) AS ${t.int}) WHERE ${from} IS NOT NULL;\n` +
          `ALTER TABLE ${table} DROP COLUMN ${from}`,
      ).join(';\n'),
    );
  },
};
