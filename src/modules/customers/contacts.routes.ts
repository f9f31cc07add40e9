// GET/POST /customers/{customer_number}/contacts, GET/PATCH/PUT/DELETE …/contacts/{id} (contract). Another
// tenant's customer, or a contact of another customer, is 404.
import { Type } from '@sinclair/typebox';
import type { Kysely } from 'kysely';
import type { ZkApp } from '../../types.js';
import type { DB } from '../../db/schema.js';
import { MAX_ID, Paginated, responses, Single } from '../../http/schemas.js';
import { listResponse } from '../../http/list/index.js';
import { ErrorBag, notFound } from '../../http/errors.js';
import { existsInTenant } from '../../db/lookup.js';
import { loadCategories, resolveCategoryIds, setCategories } from '../categories/category-links.js';
import { Contact, ContactCreate, ContactListQuery, ContactUpdate, type ContactUpdateT } from './contacts.schemas.js';
import { contactListSpec, deleteContact, findContact, insertContact, listContacts, toContact, updateContact, type ContactRow } from './contacts.repository.js';
import { requireCustomer } from './customers.service.js';

const tags = ['Customer contacts'];
const CustomerParams = Type.Object({ customer_number: Type.String({ minLength: 1, maxLength: 255 }) });
const ContactParams = Type.Object({ customer_number: Type.String({ minLength: 1, maxLength: 255 }), id: Type.Integer({ minimum: 1, maximum: MAX_ID }) });

async function contactsWithCategories(db: Kysely<DB>, tenantId: number, customerNumber: string, rows: ContactRow[]) {
  const categories = await loadCategories(db, tenantId, 'contact', rows.map((r) => Number(r.id)));
  return rows.map((r) => toContact(r, customerNumber, categories.get(Number(r.id)) ?? []));
}

/** Department and categories are looked up inside the tenant; unknown ones are 422 on their field. */
async function checkContactBody(db: Kysely<DB>, tenantId: number, body: ContactUpdateT): Promise<number[] | undefined> {
  const errors = new ErrorBag();
  if (body.department_id !== undefined && body.department_id !== null && !(await existsInTenant(db, 'departments', tenantId, 'id', body.department_id))) {
    errors.add('department_id', 'The selected department id is invalid.');
  }
  const categoryIds = body.categories !== undefined ? await errors.collect(() => resolveCategoryIds(db, tenantId, body.categories ?? [])) : undefined;
  errors.throwIfAny();
  return categoryIds;
}

export default async function contactRoutes(app: ZkApp) {
  const { db } = app.zk;
  const one = async (tenantId: number, customerNumber: string, customerId: number, id: number) => {
    const row = await findContact(db, tenantId, customerId, id);
    if (!row) throw notFound('Contact');
    return (await contactsWithCategories(db, tenantId, customerNumber, [row]))[0];
  };

  app.get(
    '/customers/:customer_number/contacts',
    { schema: { summary: "List a customer's contacts", tags, params: CustomerParams, querystring: ContactListQuery, response: responses({ 200: Paginated(Contact) }) } },
    async (req) => {
      const customer = await requireCustomer(db, req.tenant.id, req.params.customer_number);
      return listResponse(req, listContacts(db, req.tenant.id, Number(customer.id)), contactListSpec, (rows) =>
        contactsWithCategories(db, req.tenant.id, customer.customer_number, rows),
      );
    },
  );

  app.get(
    '/customers/:customer_number/contacts/:id',
    { schema: { summary: 'Get a contact of a customer', tags, params: ContactParams, response: responses({ 200: Single(Contact) }) } },
    async (req) => {
      const customer = await requireCustomer(db, req.tenant.id, req.params.customer_number);
      return { data: await one(req.tenant.id, customer.customer_number, Number(customer.id), req.params.id) };
    },
  );

  app.post(
    '/customers/:customer_number/contacts',
    { schema: { summary: 'Create a contact of a customer', tags, params: CustomerParams, body: ContactCreate, response: responses({ 201: Single(Contact) }, { write: true }) } },
    async (req, reply) => {
      const customer = await requireCustomer(db, req.tenant.id, req.params.customer_number);
      const categoryIds = await checkContactBody(db, req.tenant.id, req.body);
      const id = await db.transaction().execute(async (trx) => {
        const newId = await insertContact(trx, req.tenant.id, Number(customer.id), req.body);
        if (categoryIds) await setCategories(trx, req.tenant.id, 'contact', newId, categoryIds);
        return newId;
      });
      return reply.code(201).send({ data: await one(req.tenant.id, customer.customer_number, Number(customer.id), id) });
    },
  );

  app.route({
    method: ['PATCH', 'PUT'],
    url: '/customers/:customer_number/contacts/:id',
    schema: { summary: 'Update a contact (only submitted fields change)', tags, params: ContactParams, body: ContactUpdate, response: responses({ 200: Single(Contact) }, { write: true }) },
    handler: async (req) => {
      const customer = await requireCustomer(db, req.tenant.id, req.params.customer_number);
      if (!(await findContact(db, req.tenant.id, Number(customer.id), req.params.id))) throw notFound('Contact');
      const categoryIds = await checkContactBody(db, req.tenant.id, req.body);
      await db.transaction().execute(async (trx) => {
        await updateContact(trx, req.tenant.id, req.params.id, req.body);
        if (categoryIds) await setCategories(trx, req.tenant.id, 'contact', req.params.id, categoryIds);
      });
      return { data: await one(req.tenant.id, customer.customer_number, Number(customer.id), req.params.id) };
    },
  });

  app.delete(
    '/customers/:customer_number/contacts/:id',
    { schema: { summary: 'Delete a contact', tags, params: ContactParams, response: responses({ 204: Type.Null() }, { write: true }) } },
    async (req, reply) => {
      const customer = await requireCustomer(db, req.tenant.id, req.params.customer_number);
      if (!(await findContact(db, req.tenant.id, Number(customer.id), req.params.id))) throw notFound('Contact');
      await db.transaction().execute((trx) => deleteContact(trx, req.tenant.id, req.params.id));
      return reply.code(204).send();
    },
  );
}
