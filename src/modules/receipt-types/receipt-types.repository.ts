// SQL for receipt types; every query is scoped by tenant.
import type { Selectable } from 'kysely';
import type { TenantDb } from '../../db/tenant-scope.js';
import type { Scope } from '../../tenancy/scope.js';
import { insertRow, pick, updateRow } from '../crud/index.js';
import type { ListSpec } from '../../db/list-spec.js';
import { fromJson, outTimestamp } from '../../values/formats.js';
import type { ReceiptTypesTable } from './receipt-types.tables.js';
import type { ReceiptTypeT, ReceiptTypeWriteT } from './receipt-types.schemas.js';
import { authorsOf } from '../../db/row-mapping.js';

export type ReceiptTypeRow = Selectable<ReceiptTypesTable>;

export const receiptTypeListSpec: ListSpec = {
  key: ['name'],
  sortable: {
    name: 'name',
    description: { column: 'description', nullable: true },
    default_payment_method: { column: 'default_payment_method', nullable: true },
    created: { column: 'created', nullable: true },
    modified: { column: 'modified', nullable: true },
  },
};

export const listReceiptTypes = (db: TenantDb) => db.selectFrom('receipt_types').selectAll();

export const findReceiptType = (db: TenantDb, name: string) =>
  db.selectFrom('receipt_types').selectAll().where('name', '=', name).executeTakeFirst();

export const taxRatesOf = (row: Pick<ReceiptTypeRow, 'tax_rates'>): number[] => fromJson<number[]>(row.tax_rates, []);

export const toReceiptType = (r: ReceiptTypeRow): ReceiptTypeT => ({
  name: r.name,
  description: r.description,
  tax_rates: taxRatesOf(r),
  default_payment_method: r.default_payment_method,
  created: outTimestamp(r.created),
  modified: outTimestamp(r.modified),
  ...authorsOf(r),
});

/** The stored columns of a receipt type body (tax rates as JSON). */
function columns(body: ReceiptTypeWriteT) {
  const values: Record<string, unknown> = pick(body, ['name', 'description', 'default_payment_method']);
  if (body.tax_rates !== undefined) values.tax_rates = JSON.stringify(body.tax_rates);
  return values;
}

/** The receipt types as the CRUD kit (modules/crud) lists, reads and writes them; the name is the key. */
export const receiptTypes = {
  list: ({ db }: Scope) => listReceiptTypes(db),
  find: ({ db }: Scope, name: string) => findReceiptType(db, name),
  show: (_s: Scope, row: ReceiptTypeRow) => toReceiptType(row),
  insert: ({ db }: Scope, body: ReceiptTypeWriteT) =>
    insertRow(db, 'receipt_types', { tax_rates: '[]', ...columns(body) }),
  update: ({ db }: Scope, row: ReceiptTypeRow, changes: ReceiptTypeWriteT) =>
    updateRow(db, 'receipt_types', Number(row.id), columns(changes)),
};
