// Invoice items in one shape on three lists: GET /invoices/{invoice_number}/items, GET /projects/{project}/invoice-items
// and GET /invoice-items (filters invoice_id, status[] or status, planned_from, planned_to), plus GET/POST/PATCH/PUT/
// DELETE /invoice-items/{id} (docs/api/commercial.md).
import { Type } from '@sinclair/typebox';
import type { ZkApp } from '../../types.js';
import { MAX_ID } from '../../http/schemas.js';
import { arrayParam } from '../../http/list/index.js';
import { resourceRoutes } from '../crud/index.js';
import type { Scope } from '../../tenancy/scope.js';
import { requireProject } from '../projects/projects.service.js';
import { InvoiceNumberParam } from './invoices.schemas.js';
import { InvoiceItem, InvoiceItemListQuery, InvoiceItemWrite } from './invoice-items.schemas.js';
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
/** The list of the items the parent holds, narrowed by the query's filters. */
const listOf =
  <P>(scope: (parent: P) => InvoiceItemFilters) =>
  (s: Scope, query: Record<string, unknown>, parent: P) =>
    listInvoiceItems(s.db, filters(query, scope(parent)));
const list = { query: InvoiceItemListQuery, spec: invoiceItemListSpec };
const show = (s: Scope, row: InvoiceItemRow) => toInvoiceItem(row, s.db.language);

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
    repository: {
      list: listOf(() => ({})),
      find: (s, id) => findInvoiceItem(s.db, id),
      show,
      insert: (s, body) => createInvoiceItem(s, body),
      update: (s, row, body) => changeInvoiceItem(s, row, body),
      remove: (s, row) => removeInvoiceItem(s, row),
    },
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
    repository: {
      list: listOf((invoice: { id: number }) => ({ invoice_id: Number(invoice.id) })),
      find: (s, id, invoice) => findInvoiceItem(s.db, id, { invoice_id: Number(invoice.id) }),
      show,
    },
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
    repository: {
      list: listOf((project: { id: number }) => ({ project_id: Number(project.id) })),
      find: (s, id, project) => findInvoiceItem(s.db, id, { project_id: Number(project.id) }),
      show,
    },
    list,
    detail: false,
    summaries: { list: 'List the invoice items of a project (the invoice item filters apply)' },
  });
}
