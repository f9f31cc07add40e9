// Invoice items in one shape on three lists: GET /invoices/{invoice_number}/items, GET /projects/{project}/invoice-items
// and GET /invoice-items (filters invoice_id, status[] or status, planned_from, planned_to), plus GET/POST/PATCH/PUT/
// DELETE /invoice-items/{id} (docs/api/commercial.md).
import { Type } from '@sinclair/typebox';
import type { ZkApp } from '../../types.js';
import { MAX_ID } from '../../http/schemas.js';
import { resourceRoutes } from '../crud/index.js';
import { requireProject } from '../projects/projects.service.js';
import { InvoiceNumberParam } from './invoices.schemas.js';
import { InvoiceItem, InvoiceItemListQuery, InvoiceItemWrite } from './invoice-items.schemas.js';
import { invoiceItemListSpec } from './invoice-items.repository.js';
import { invoiceItems, invoiceItemsOfInvoice, projectInvoiceItems } from './invoice-items.service.js';
import { requireInvoice } from './invoices.service.js';

const tags = ['Invoice items'];
const Id = () => Type.Integer({ minimum: 1, maximum: MAX_ID });

const list = { query: InvoiceItemListQuery, spec: invoiceItemListSpec };

export default async function invoiceItemRoutes(app: ZkApp) {
  resourceRoutes(app, {
    name: 'Invoice item',
    plural: 'invoice items',
    tags,
    path: '/invoice-items',
    // invoice_number: the invoice's
    records: {
      table: 'invoice_items',
      derivations: [{ table: 'invoices', columns: ['invoice_number'], match: { invoice_id: 'id' } }],
    },
    resource: InvoiceItem,
    repository: invoiceItems,
    list,
    create: { body: InvoiceItemWrite },
    update: { body: InvoiceItemWrite },
    summaries: {
      list: 'List invoice items (invoice_id, status[] or status, planned_from, planned_to)',
      update: 'Update an invoice item unless its invoice is billed (only submitted fields change; PUT is an alias)',
      remove: 'Delete an invoice item unless its invoice is billed or bookings are linked to it',
    },
  });

  resourceRoutes(app, {
    name: 'Invoice item',
    plural: 'items of an invoice',
    tags,
    path: '/invoices/:invoice_number/items',
    parentParams: { invoice_number: InvoiceNumberParam },
    parent: (s, params) => requireInvoice(s.db, String(params.invoice_number)),
    resource: InvoiceItem,
    repository: invoiceItemsOfInvoice,
    list,
    detail: false,
    summaries: { list: 'List the items of an invoice (the invoice item filters apply)' },
  });

  resourceRoutes(app, {
    name: 'Invoice item',
    plural: 'invoice items of a project',
    tags,
    path: '/projects/:project/invoice-items',
    parentParams: { project: Id() },
    parent: (s, params) => requireProject(s.db, Number(params.project)),
    resource: InvoiceItem,
    repository: projectInvoiceItems,
    list,
    detail: false,
    summaries: { list: 'List the invoice items of a project (the invoice item filters apply)' },
  });
}
