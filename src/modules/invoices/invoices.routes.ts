// GET/POST /invoices, GET/PATCH/PUT/DELETE /invoices/{invoice_number} (the key is the invoice number; a numeric
// database id is 404), POST /invoices/{invoice_number}/correction (docs/api/commercial.md, contract creator_username).
import { Type } from '@sinclair/typebox';
import type { ZkApp } from '../../types.js';
import { responses, Single } from '../../http/schemas.js';
import { resourceRoutes } from '../crud/index.js';
import {
  Invoice,
  InvoiceCorrection,
  InvoiceNumberParam,
  InvoiceCreate,
  InvoiceListQuery,
  InvoiceUpdate,
} from './invoices.schemas.js';
import { invoiceListSpec } from './invoices.repository.js';
import { correctInvoice, invoices, presentInvoices, requireInvoice } from './invoices.service.js';
import { invoiceDerivations } from './invoices.records.js';

const tags = ['Invoices'];

export default async function invoiceRoutes(app: ZkApp) {
  resourceRoutes(app, {
    name: 'Invoice',
    plural: 'invoices',
    tags,
    path: '/invoices',
    records: {
      table: 'invoices',
      key: ['invoice_number'],
      derivations: invoiceDerivations,
    },
    key: { name: 'invoice_number', schema: InvoiceNumberParam },
    resource: Invoice,
    repository: invoices,
    list: { query: InvoiceListQuery, spec: invoiceListSpec },
    create: { body: InvoiceCreate },
    update: { body: InvoiceUpdate },
    unique: { table: 'invoices', field: 'invoice_number' },
    summaries: {
      list: 'List invoices (customer_number, date_from, date_to, status)',
      get: 'Get an invoice by its invoice number',
      update:
        'Update an invoice while it is not billed (only submitted fields change; PUT is an alias); status 0 bills its items and their receipts',
      remove: 'Delete an invoice while it is not billed (its items stay, detached)',
    },
  });

  app.post(
    '/invoices/:invoice_number/correction',
    {
      schema: {
        summary:
          'Correct an invoice: sets correction_date and the correcting employee (creator_username); a Billed invoice becomes a Draft again and its billing is undone',
        tags,
        params: Type.Object({ invoice_number: InvoiceNumberParam }),
        body: InvoiceCorrection,
        response: responses({ 200: Single(Invoice) }, { write: true }),
      },
    },
    async (req) => {
      const row = await requireInvoice(req.db, req.params.invoice_number);
      const [invoice] = await presentInvoices(req.db, [
        await correctInvoice({ db: req.db, dialect: app.zk.dialect }, row, req.body),
      ]);
      return { data: invoice };
    },
  );
}
