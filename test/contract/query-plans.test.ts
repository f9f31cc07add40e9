// Every list endpoint's queries, with each filter, each pair of filters and each sort it offers, explained
// against a generated small tenant (≈10,000 bookings) on SQLite and PostgreSQL. Fails on any table access that is
// not bound by tenant_id (a full table or index scan), and, on SQLite, on a filter of a large table whose count or
// page still reads every row of the tenant: that list needs an index.
import assert from 'node:assert/strict';
import { before, test } from 'node:test';
import { generate } from '../../src/generate/generator.js';
import { MODULES } from '../../src/tenancy/tenants.js';
import { createToken } from '../../src/tenancy/tokens.js';
import { forEachDialect, uniqueName, type Client, type TestContext } from '../support/app.js';
import { createOffer } from '../support/commercial.js';
import {
  describeRequest,
  listEndpoints,
  listRequests,
  type Fixtures,
  type ListEndpoint,
} from './support/list-endpoints.js';
import { createTicket } from '../support/projects.js';
import { explain, isSelect, QueryLog } from './support/query-plans.js';

const log = new QueryLog();

/**
 * Filters that may read every row of the tenant, by design: runtime overlaps with open (NULL) bounds and the
 * customers' deprecated date filters (OR of "active" and a timestamp) keep most rows anyway; a substring search
 * cannot use a B-tree; a project status (a handful per tenant, resolved by name or id in a subquery) matches
 * many projects, so walking them in key order beats sorting the matches.
 */
const UNINDEXED_FILTERS = new Set([
  '/customers start_date',
  '/customers end_date',
  '/projects start_date',
  '/projects end_date',
  '/projects search',
  '/projects status',
  '/projects status[]',
]);

/** Keys of the generated tenant (a project the employee is assigned to), plus a ticket with a subtask, a location list and a webhook (the generator makes none). */
async function fixtures(t: TestContext, c: Client): Promise<Fixtures> {
  const db = t.database.db;
  const tenantId = c.tenant.id;
  const employee = await db
    .selectFrom('employees')
    .select(['username', 'personal_number', 'department_id'])
    .where('tenant_id', '=', tenantId)
    .orderBy('username')
    .executeTakeFirstOrThrow();
  const project = await db
    .selectFrom('projects as p')
    .innerJoin('project_assignments as a', (j) =>
      j.onRef('a.tenant_id', '=', 'p.tenant_id').onRef('a.project_id', '=', 'p.id'),
    )
    .select(['p.id', 'p.name', 'p.customer_id', 'p.project_status_id'])
    .where('p.tenant_id', '=', tenantId)
    .where('a.employee_id', '=', employee.username)
    .orderBy('p.id')
    .executeTakeFirstOrThrow();
  const task = await db
    .selectFrom('project_tasks')
    .select(['id', 'name'])
    .where('tenant_id', '=', tenantId)
    .where('project_id', '=', project.id)
    .orderBy('id')
    .executeTakeFirstOrThrow();
  const calendar = await db
    .selectFrom('holiday_calendars')
    .select('id')
    .where('tenant_id', '=', tenantId)
    .executeTakeFirstOrThrow();
  const ticket = await createTicket(c, { project_id: project.id, project_task_id: String(task.id) }, employee.username);
  // Some of the employee's bookings on the project go to the ticket, so a ticket_id filter finds a page to read.
  await db
    .updateTable('attendances')
    .set({ project_task_id: task.id, ticket_id: ticket.id })
    .where('tenant_id', '=', tenantId)
    .where('employee_id', '=', employee.username)
    .where('project_id', '=', project.id)
    .where('date', '>=', '2023-01-01')
    .execute();
  const subtask = await c.post(`/tickets/${ticket.id}/subtasks`, {
    subject: 's',
    name: 'n',
    status: 1,
    creator_username: employee.username,
  });
  assert.equal(subtask.status, 201, subtask.text);
  const locations = await c.post('/location-lists', { name: 'North', locations: [] });
  assert.equal(locations.status, 201, locations.text);
  await c.post('/receipt-types', { name: 'Fahrkarte', tax_rates: [7, 19], default_payment_method: 'privat' });
  const receipt = await c.post('/receipts', {
    employee_id: employee.username,
    date: '2023-06-01',
    receipt_type_id: 'Fahrkarte',
    project_id: Number(project.id),
    currency: 'EUR',
    is_amount_net: false,
    receiptAmounts: [{ tax: 7, quantity: 1, amount: 10 }],
  });
  assert.equal(receipt.status, 201, receipt.text);
  const webhook = await c.post('/webhooks', { url: 'https://example.com/hook', events: ['*'], active: false });
  assert.equal(webhook.status, 201, webhook.text);
  const offer = await createOffer(c, { customer_id: String(project.customer_id) });
  const invoice = await c.post('/invoices', { customer_number: String(project.customer_id) });
  assert.equal(invoice.status, 201, invoice.text);
  const folder = await c.post('/folders', {
    name: 'Verträge',
    project_id: Number(project.id),
    customer_id: String(project.customer_id),
  });
  assert.equal(folder.status, 201, folder.text);
  return {
    username: employee.username,
    personalNumber: String(employee.personal_number),
    customerNumber: String(project.customer_id),
    departmentId: Number(employee.department_id),
    projectId: Number(project.id),
    projectName: project.name,
    projectStatus: String(project.project_status_id),
    taskId: Number(task.id),
    taskName: task.name,
    ticketId: Number(ticket.id),
    calendarId: Number(calendar.id),
    locationListId: Number(locations.body.data.id),
    receiptId: Number(receipt.body.data.id),
    webhookId: Number(webhook.body.data.id),
    offerId: Number(offer.id),
    invoiceNumber: invoice.body.data.invoice_number,
    invoiceId: Number(invoice.body.data.id),
    folderId: Number(folder.body.data.id),
  };
}

forEachDialect(
  'query plans',
  (t) => {
    let c: Client;
    let endpoints: ListEndpoint[];
    let fx: Fixtures;

    before(async () => {
      const { tenant } = await generate(t().database.db, uniqueName('qp'), 'small', 7);
      const { token } = await createToken(t().database.db, tenant.id);
      c = t().client(tenant, token);
      await c.update({ modules: [...MODULES] });
      endpoints = listEndpoints((await t().inject({ method: 'GET', url: '/openapi/full.json' })).body);
      fx = await fixtures(t(), c);
    });

    test('the OpenAPI document yields the list endpoints to check', () => {
      const paths = endpoints.map((e) => e.path);
      for (const p of [
        '/attendances',
        '/projects',
        '/projects/{id}/tasks',
        '/customers',
        '/employees',
        '/tickets',
        '/tickets/{id}/subtasks',
      ])
        assert.ok(paths.includes(p), p);
    });

    test('the plan check recognises full table and index scans and accepts a tenant-scoped search', async () => {
      const database = t().database;
      const p = database.dialect === 'sqlite' ? '?' : '$1';
      const table = await explain(database, {
        sql: `select * from "attendances" where "note" = ${p}`,
        parameters: ['x'],
      });
      assert.ok(table.problems.length > 0, table.plan);
      const index = await explain(database, {
        sql: `select "id" from "attendances" where "date" > ${p} order by "tenant_id", "date"`,
        parameters: ['2000-01-01'],
      });
      assert.ok(index.problems.length > 0, index.plan);
      const scoped = await explain(database, {
        sql: `select * from "attendances" as "a" where "a"."tenant_id" = ${p} order by "a"."note"`,
        parameters: [c.tenant.id],
      });
      assert.deepEqual(scoped.problems, [], scoped.plan);
      if (database.dialect === 'sqlite') assert.ok(scoped.tenantWide, scoped.plan);
    });

    test("no list request, with any filter or sort, scans a table beyond the tenant or ignores a large table's filter", async () => {
      const failures: string[] = [];
      const explained = new Set<string>();
      for (const endpoint of endpoints) {
        for (const request of listRequests(endpoint, fx)) {
          const target = `${request.path}${request.query.size ? `?${request.query}` : ''}`;
          let status = 0;
          const queries = await log.capture(async () => {
            status = (await c.get(target)).status;
          });
          if (status !== 200) failures.push(`${describeRequest(request)} answered ${status}`);
          const [filter, ...more] = [...request.query.keys()].filter((k) => k !== 'orderBy' && k !== 'order');
          const singleFilter = filter !== undefined && more.length === 0 ? filter : undefined;
          for (const q of queries.filter(isSelect)) {
            const key = `${q.sql}\u0000${JSON.stringify(q.parameters)}`;
            if (explained.has(key)) continue;
            explained.add(key);
            const { plan, problems, tenantWide } = await explain(t().database, q);
            // A filter alone must narrow the index access of its count and its page (SQLite plans without
            // statistics, so its choice depends on the schema only).
            if (singleFilter && tenantWide && !UNINDEXED_FILTERS.has(`${endpoint.path} ${singleFilter}`)) {
              problems.push(`filter ${singleFilter} reads every row of the tenant: ${tenantWide}`);
            }
            if (problems.length)
              failures.push(
                `${describeRequest(request)}\n  ${problems.join('\n  ')}\n  SQL: ${q.sql}\n  parameters: ${JSON.stringify(q.parameters)}\n  plan:\n${plan.replace(/^/gm, '    ')}`,
              );
          }
        }
      }
      assert.ok(explained.size > 300, `only ${explained.size} statements explained`);
      assert.equal(failures.length, 0, `${failures.length} problems:\n\n${failures.join('\n\n')}`);
    });
  },
  { rateLimit: { perFiveMinutes: 1e9, perHour: 1e9 } },
  undefined,
  { onQuery: log.onQuery },
);
