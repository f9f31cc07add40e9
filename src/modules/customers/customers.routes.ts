// GET /customers, GET/POST/PATCH/PUT/DELETE /customers/{customer} (contract "Customers"; the key is the customer
// number). Every response carrying the deprecated `status` object also carries Deprecation/Sunset/Link headers.
import { Type } from '@sinclair/typebox';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { ZkApp } from '../../types.js';
import { Paginated, Single, StringKey, responses } from '../../http/schemas.js';
import { arrayParam, listResponse } from '../../http/list/index.js';
import { requestedChanges } from '../../http/round-trip.js';
import { CUSTOMER_STATUS_DEPRECATION, markDeprecated } from '../../http/deprecation.js';
import { Customer, CustomerCreate, CustomerListItem, CustomerListQuery, CustomerUpdate } from './customers.schemas.js';
import { customerListSpec, findCustomer, listCustomers, type CustomerFilters } from './customers.repository.js';
import {
  changeCustomer,
  createCustomer,
  customerDetail,
  customerListItems,
  parseStatus,
  removeCustomer,
  requireCustomer,
} from './customers.service.js';
import { customerDerivations } from './customers.records.js';

const tags = ['Customers'];
const Params = StringKey('customer', { description: 'Customer number' });

/** Query -> filters: `inactive` (true/false/1/0) wins over the deprecated `status` (1 active, 0 inactive, else ignored). */
function filters(query: Record<string, unknown>): CustomerFilters {
  const inactive =
    query.inactive === undefined ? parseStatus(query.status) : query.inactive === 'true' || query.inactive === '1';
  return {
    start_date: query.start_date as string | undefined,
    end_date: query.end_date as string | undefined,
    customer_numbers: arrayParam(query, 'customer_number'),
    inactive,
  };
}

const deprecated = (req: FastifyRequest, reply: FastifyReply) =>
  markDeprecated(req, reply, CUSTOMER_STATUS_DEPRECATION);

export default async function customerRoutes(app: ZkApp) {
  app.zk.records.add({
    type: 'customers',
    table: 'customers',
    key: ['customer_number'],
    load: async (s, keys) => {
      const out = new Map<string, unknown>();
      for (const [number] of keys) {
        const row = await findCustomer(s.db, number);
        if (row) out.set(number, await customerDetail(s.db, s.tenant, row));
      }
      return out;
    },
    derivations: customerDerivations,
  });

  app.get(
    '/customers',
    {
      schema: {
        summary: 'List customers',
        tags,
        querystring: CustomerListQuery,
        response: responses({ 200: Paginated(CustomerListItem) }),
      },
    },
    async (req, reply) => {
      deprecated(req, reply);
      return listResponse(req, listCustomers(req.db, filters(req.query)), customerListSpec, (rows) =>
        customerListItems(req.db, req.tenant, rows),
      );
    },
  );

  app.get(
    '/customers/:customer',
    {
      schema: {
        summary: 'Get a customer by customer number',
        tags,
        params: Params,
        response: responses({ 200: Single(Customer) }),
      },
    },
    async (req, reply) => {
      const row = await requireCustomer(req.db, req.params.customer);
      deprecated(req, reply);
      return { data: await customerDetail(req.db, req.tenant, row) };
    },
  );

  app.post(
    '/customers',
    {
      schema: {
        summary: 'Create a customer',
        tags,
        body: CustomerCreate,
        response: responses({ 201: Single(Customer) }, { write: true }),
      },
    },
    async (req, reply) => {
      const id = await createCustomer(req.db, req.body);
      deprecated(req, reply);
      return reply.code(201).send({ data: await customerDetail(req.db, req.tenant, id) });
    },
  );

  app.route({
    method: ['PATCH', 'PUT'],
    url: '/customers/:customer',
    schema: {
      summary: 'Update a customer (only submitted fields change; may rename the customer number)',
      tags,
      params: Params,
      body: CustomerUpdate,
      response: responses({ 200: Single(Customer) }, { write: true }),
    },
    handler: async (req, reply) => {
      const current = await requireCustomer(req.db, req.params.customer);
      deprecated(req, reply);
      // Fields sent as the customer reads them change nothing (http/round-trip.ts).
      const read = await customerDetail(req.db, req.tenant, current);
      const changes = requestedChanges<typeof req.body>(req, read, CustomerUpdate);
      if (!changes) return { data: read };
      await changeCustomer(req.db, current, changes);
      return { data: await customerDetail(req.db, req.tenant, Number(current.id)) };
    },
  });

  app.delete(
    '/customers/:customer',
    {
      schema: {
        summary:
          'Delete a customer with its addresses, managers, contacts and own price tables (refused while referenced)',
        tags,
        params: Params,
        response: responses({ 204: Type.Null() }, { write: true }),
      },
    },
    async (req, reply) => {
      const current = await requireCustomer(req.db, req.params.customer);
      await removeCustomer(req.db, current);
      return reply.code(204).send();
    },
  );
}
