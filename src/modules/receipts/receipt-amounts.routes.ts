// GET /receipts/{receipt}/amounts (paginated lines) and /receipts/{receipt}/amounts/{amount_id} (reference
// §4.25): decimal strings, the header's net flags on every line. Lines are written through the receipt.
import { Type } from '@sinclair/typebox';
import type { ZkApp } from '../../types.js';
import { MAX_ID } from '../../http/schemas.js';
import { resourceRoutes } from '../crud/index.js';
import { ReceiptAmount } from './receipts.schemas.js';
import { receiptAmountListSpec, receiptAmounts } from './receipts.repository.js';
import { requireReceipt } from './receipts.service.js';

export default async function receiptAmountRoutes(app: ZkApp) {
  resourceRoutes(app, {
    name: 'Receipt amount',
    plural: 'receipt amounts',
    tags: ['Receipts'],
    path: '/receipts/:receipt/amounts',
    records: { table: 'receipt_amounts', key: ['receipt_id', 'id'] },
    parentParams: { receipt: Type.Integer({ minimum: 1, maximum: MAX_ID }) },
    key: { name: 'amount_id', schema: Type.Integer({ minimum: 1, maximum: MAX_ID }) },
    parent: (s, params) => requireReceipt(s.db, params.receipt as number),
    resource: ReceiptAmount,
    repository: receiptAmounts,
    list: { spec: receiptAmountListSpec },
    summaries: { list: "List a receipt's amount lines", get: 'Get one amount line of a receipt' },
  });
}
