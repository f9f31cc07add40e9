// Every `currency` field takes the one currency schema now (http/schemas.ts Currency: an ISO 4217 code in capitals).
// Articles accepted lower case and receipts, employees and projects any short text; stored three-letter codes in
// lower or mixed case are written in capitals, so a record sent back as read passes. Anything else stored stays
// as it is (a client has to send a valid code when it changes such a record's currency).
import type { Migration } from '../migration.js';
import { execScript } from '../migration.js';

const COLUMNS: [table: string, column: string][] = [
  ['articles', 'currency'],
  ['receipts', 'currency'],
  ['receipts', 'invoice_amount_currency'],
  ['employees', 'currency'],
  ['projects', 'currency'],
];

export const currencyCodes: Migration = {
  version: '2603_currency_codes',
  async up(db) {
    const now = new Date().toISOString().slice(0, 19).replace('T', ' ');
    await execScript(
      db,
      COLUMNS.map(
        ([table, column]) =>
          `UPDATE ${table} SET ${column} = upper(${column}), modified = '${now}' WHERE length(${column}) = 3 AND ${column} <> upper(${column})`,
      ).join(';\n'),
    );
  },
};
