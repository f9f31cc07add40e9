// GET/POST /customers/{customer_number}/contacts, GET/PATCH/PUT/DELETE …/contacts/{id} (contract). Another
// tenant's customer, or a contact of another customer, is 404.
import { Type } from '@sinclair/typebox';
import type { ZkApp } from '../../types.js';
import type { TenantDb } from '../../db/tenant-scope.js';
import { MAX_ID, Paginated, responses, Single } from '../../http/schemas.js';
import { listResponse } from '../../http/list/index.js';
import { requestedChanges } from '../../http/round-trip.js';
import { Contact, ContactCreate, ContactListQuery, ContactUpdate } from './contacts.schemas.js';
import { contactListSpec, findContact, listContacts, type ContactRow } from './contacts.repository.js';
import { contactsWithCategories, removeContact, requireContact, writeContact } from './contacts.service.js';
import { requireCustomer } from './customers.service.js';
import type { CustomerRow } from './customers.repository.js';
import { categoryDerivations } from '../categories/categories.records.js';
import { findCustomer } from './customers.repository.js';

const tags = ['Customer contacts'];
const CustomerParams = Type.Object({ customer_number: Type.String({ minLength: 1, maxLength: 255 }) });
const ContactParams = Type.Object({
  customer_number: Type.String({ minLength: 1, maxLength: 255 }),
  id: Type.Integer({ minimum: 1, maximum: MAX_ID }),
});

const single = async (db: TenantDb, customer: CustomerRow, contact: ContactRow) => ({
  data: (await contactsWithCategories(db, customer, [contact]))[0],
});

export default async function contactRoutes(app: ZkApp) {
  app.zk.records.add({
    type: 'customers/contacts',
    table: 'customer_contacts',
    key: [{ column: 'customer_id', table: 'customers', field: 'customer_number' }, 'id'],
    load: async (s, keys) => {
      const out = new Map<string, unknown>();
      for (const [number, id] of keys) {
        const customer = await findCustomer(s.db, number);
        const contact = customer && (await findContact(s.db, Number(customer.id), Number(id)));
        if (contact) out.set(`${number}/${id}`, (await contactsWithCategories(s.db, customer, [contact]))[0]);
      }
      return out;
    },
    derivations: categoryDerivations('contact'),
  });
  app.get(
    '/customers/:customer_number/contacts',
    {
      schema: {
        summary: "List a customer's contacts",
        tags,
        params: CustomerParams,
        querystring: ContactListQuery,
        response: responses({ 200: Paginated(Contact) }),
      },
    },
    async (req) => {
      const customer = await requireCustomer(req.db, req.params.customer_number);
      return listResponse(req, listContacts(req.db, Number(customer.id)), contactListSpec, (rows) =>
        contactsWithCategories(req.db, customer, rows),
      );
    },
  );

  app.get(
    '/customers/:customer_number/contacts/:id',
    {
      schema: {
        summary: 'Get a contact of a customer',
        tags,
        params: ContactParams,
        response: responses({ 200: Single(Contact) }),
      },
    },
    async (req) => {
      const customer = await requireCustomer(req.db, req.params.customer_number);
      return single(req.db, customer, await requireContact(req.db, customer, req.params.id));
    },
  );

  app.post(
    '/customers/:customer_number/contacts',
    {
      schema: {
        summary: 'Create a contact of a customer',
        tags,
        params: CustomerParams,
        body: ContactCreate,
        response: responses({ 201: Single(Contact) }, { write: true }),
      },
    },
    async (req, reply) => {
      const customer = await requireCustomer(req.db, req.params.customer_number);
      const id = await writeContact(req.db, customer, req.body);
      return reply.code(201).send(await single(req.db, customer, await requireContact(req.db, customer, id)));
    },
  );

  app.route({
    method: ['PATCH', 'PUT'],
    url: '/customers/:customer_number/contacts/:id',
    schema: {
      summary: 'Update a contact (only submitted fields change)',
      tags,
      params: ContactParams,
      body: ContactUpdate,
      response: responses({ 200: Single(Contact) }, { write: true }),
    },
    handler: async (req) => {
      const customer = await requireCustomer(req.db, req.params.customer_number);
      const current = await requireContact(req.db, customer, req.params.id);
      // Fields sent as the contact reads them change nothing (http/round-trip.ts).
      const read = await single(req.db, customer, current);
      const changes = requestedChanges<typeof req.body>(req, read.data, ContactUpdate);
      if (!changes) return read;
      const id = await writeContact(req.db, customer, changes, current);
      return single(req.db, customer, await requireContact(req.db, customer, id));
    },
  });

  app.delete(
    '/customers/:customer_number/contacts/:id',
    {
      schema: {
        summary: 'Delete a contact',
        tags,
        params: ContactParams,
        response: responses({ 204: Type.Null() }, { write: true }),
      },
    },
    async (req, reply) => {
      const customer = await requireCustomer(req.db, req.params.customer_number);
      await removeContact(req.db, await requireContact(req.db, customer, req.params.id));
      return reply.code(204).send();
    },
  );
}
