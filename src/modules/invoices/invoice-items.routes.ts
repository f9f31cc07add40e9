// Invoice items in one shape on three lists: GET /invoices/{invoice_number}/items, GET /projects/{project}/invoice-items
// and GET /invoice-items (filters invoice_id, status[] or status, planned_from, planned_to), plus GET/POST/PATCH/PUT/
// DELETE /invoice-items/{id} (docs/api/commercial.md).
import { Type } from '@sinclair/typebox';
import type { ZkApp } from '../../types.js';
import { MAX_ID } from '../../http/schemas.js';
import { arrayParam } from '../../http/list/index.js';
import { resourceRoutes } from '../crud/index.js';
import { requireProject } from '../projects/projects.service.js';
import { InvoiceNumberParam } from './invoices.schemas.js';
import { InvoiceItem, InvoiceItemListQuery, InvoiceItemWrite, type InvoiceItemT } from './invoice-items.schemas.js';
import {
  findInvoiceItem,
  invoiceItemListSpec,
  listInvoiceItems,
  toInvoiceItem,
  type InvoiceItemFilters,
  type InvoiceItemRow,
} from './invoice-items.repository.js';
import { changeInvoiceItem, createInvoiceItem, removeInvoiceItem } from './invoice-items.service.js';
import { requireInvoice } from './invoices.service.js';

const tags = ['Invoice items'];
const Id = () => Type.Integer({ minimum: 1, maximum: MAX_ID });

function filters(query: Record<string, unknown>, scope: InvoiceItemFilters = {}): InvoiceItemFilters {
  const q = query as InvoiceItemFilters & { invoice_id?: number };
  return {
    invoice_id: q.invoice_id,
    statuses: arrayParam(query, 'status')?.map(Number),
    planned_from: q.planned_from,
    planned_to: q.planned_to,
    ...scope,
  };
}
const list = (scope: (parent: any) => InvoiceItemFilters) => ({
  query: InvoiceItemListQuery,
  build: (s: { db: any }, parent: any, q: any) => listInvoiceItems(s.db, filters(q, scope(parent))),
  spec: invoiceItemListSpec,
  map: async (s: { db: { language: string } }, _p: unknown, rows: InvoiceItemRow[]) =>
    rows.map((r) => toInvoiceItem(r, s.db.language)),
});

export default async function invoiceItemRoutes(app: ZkApp) {
  resourceRoutes<undefined, InvoiceItemRow, InvoiceItemT>(app, {
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
    list: list(() => ({})),
    find: (s, _p, id) => findInvoiceItem(s.db, id),
    show: (s, _p, row) => toInvoiceItem(row, s.db.language),
    create: { body: InvoiceItemWrite, run: (s, _p, body) => createInvoiceItem(s, body) },
    update: { body: InvoiceItemWrite, run: (s, _p, row, body) => changeInvoiceItem(s, row, body) },
    remove: (s, _p, row) => removeInvoiceItem(s, row),
    summaries: {
      list: 'List invoice items (invoice_id, status[] or status, planned_from, planned_to)',
      update: 'Update an invoice item unless its invoice is billed (only submitted fields change; PUT is an alias)',
      remove: 'Delete an invoice item unless its invoice is billed or bookings are linked to it',
    },
  });

  resourceRoutes<{ id: number }, InvoiceItemRow, InvoiceItemT>(app, {
    name: 'Invoice item',
    plural: 'items of an invoice',
    tags,
    path: '/invoices/:invoice_number/items',
    parentParams: { invoice_number: InvoiceNumberParam },
    parent: (s, params) => requireInvoice(s.db, String(params.invoice_number)),
    resource: InvoiceItem,
    list: list((invoice) => ({ invoice_id: Number(invoice.id) })),
    detail: false,
    find: (s, invoice, id) => findInvoiceItem(s.db, id, { invoice_id: Number(invoice.id) }),
    show: (s, _p, row) => toInvoiceItem(row, s.db.language),
    summaries: { list: 'List the items of an invoice (the invoice item filters apply)' },
  });

  resourceRoutes<{ id: number }, InvoiceItemRow, InvoiceItemT>(app, {
    name: 'Invoice item',
    plural: 'invoice items of a project',
    tags,
    path: '/projects/:project/invoice-items',
    parentParams: { project: Id() },
    parent: (s, params) => requireProject(s.db, Number(params.project)),
    resource: InvoiceItem,
    list: list((project) => ({ project_id: Number(project.id) })),
    detail: false,
    find: (s, project, id) => findInvoiceItem(s.db, id, { project_id: Number(project.id) }),
    show: (s, _p, row) => toInvoiceItem(row, s.db.language),
    summaries: { list: 'List the invoice items of a project (the invoice item filters apply)' },
  });
}
