// GET/POST /receipt-types, GET/PATCH/PUT/DELETE /receipt-types/{name} (additive master data). The name is the
// key and unique in the tenant; a rename follows into the receipts (ON UPDATE CASCADE); a type in use cannot be
// deleted.
import { Type } from '@sinclair/typebox';
import type { ZkApp } from '../../types.js';
import { deleteRow, refuseWhileUsed, resourceRoutes } from '../crud/index.js';
import { ReceiptType, ReceiptTypeCreate, ReceiptTypeUpdate } from './receipt-types.schemas.js';
import { receiptTypeListSpec, receiptTypes } from './receipt-types.repository.js';

export default async function receiptTypeRoutes(app: ZkApp) {
  resourceRoutes(app, {
    name: 'Receipt type',
    plural: 'receipt types',
    tags: ['Receipt types'],
    path: '/receipt-types',
    records: { table: 'receipt_types', key: ['name'] },
    key: { name: 'name', schema: Type.String({ minLength: 1, maxLength: 255 }) },
    unique: { table: 'receipt_types', field: 'name' },
    resource: ReceiptType,
    repository: receiptTypes,
    list: { spec: receiptTypeListSpec },
    create: { body: ReceiptTypeCreate },
    update: { body: ReceiptTypeUpdate },
    remove: async (s, row) => {
      await refuseWhileUsed(s.db, 'receipt_types', row, (what) => `The receipt type is still used by ${what}.`, 'name');
      await deleteRow(s.db, 'receipt_types', Number(row.id));
    },
    summaries: { get: 'Get a receipt type by name' },
  });
}
