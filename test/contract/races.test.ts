// Uniqueness and non-overlap rules under racing creates (issue 13): N parallel POSTs of the same record, exactly
// one wins, every loser gets the same field error a sequential duplicate gets, and exactly one row is stored.
// The rules are enforced by the database (unique indexes) or by the booking engine's lock, so they hold on
// PostgreSQL as on SQLite.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { forEachDialect, type Client } from '../support/app.js';
import { seedCustomer, seedEmployee } from '../support/seed.js';
import { createProject } from '../support/projects.js';
import type { TestContext } from '../support/app.js';

const N = 12;

interface Race {
  name: string;
  /** Makes what the record needs and returns where to POST it, the body and the field a duplicate fails on. */
  setup(t: TestContext, c: Client): Promise<{ path: string; body: Record<string, unknown>; field: string; list: string }>;
}

const RACES: Race[] = [
  { name: 'month closing of the tenant', setup: async () => ({ path: '/month-closings', body: { month: '2026-02' }, field: 'month', list: '/month-closings' }) },
  {
    name: 'month closing of one employee',
    setup: async (t, c) => {
      const e = await seedEmployee(t.database.db, c.tenant.id);
      return { path: '/month-closings', body: { month: '2026-02', employee_id: e.username }, field: 'month', list: '/month-closings' };
    },
  },
  { name: 'base price table start date', setup: async () => ({ path: '/price-tables', body: { start_date: '2025-01-01' }, field: 'start_date', list: '/price-tables' }) },
  { name: 'base price table without start date', setup: async () => ({ path: '/price-tables', body: {}, field: 'start_date', list: '/price-tables' }) },
  {
    name: 'customer price table start date',
    setup: async (t, c) => {
      const k = await seedCustomer(t.database.db, c.tenant.id);
      const path = `/customers/${k.customer_number}/price-tables`;
      return { path, body: { start_date: '2025-01-01' }, field: 'start_date', list: path };
    },
  },
  {
    name: 'overlapping project assignments',
    setup: async (t, c) => {
      const e = await seedEmployee(t.database.db, c.tenant.id);
      const p = await createProject(c);
      const path = `/projects/${p.id}/employees`;
      return { path, body: { employee_id: e.username, from: '2025-01-01', to: '2025-12-31' }, field: 'from', list: path };
    },
  },
  { name: 'activity name', setup: async () => ({ path: '/activities', body: { name: 'racing' }, field: 'name', list: '/activities' }) },
  { name: 'category name', setup: async () => ({ path: '/categories', body: { name: 'racing', type: 'project' }, field: 'name', list: '/categories' }) },
  {
    name: 'customer number',
    setup: async () => ({ path: '/customers', body: { customer_number: 'R1', name: 'Racer', currency: 'EUR' }, field: 'customer_number', list: '/customers' }),
  },
];

forEachDialect('races on uniqueness rules', (t) => {
  for (const race of RACES) {
    test(`${race.name}: ${N} parallel creates, exactly one wins, the others get the sequential field error`, async () => {
      const c = await t().tenant();
      const { path, body, field, list } = await race.setup(t(), c);
      const before = (await c.get(list)).body.meta?.total ?? (await c.get(list)).body.data.length;
      const results = await Promise.all(Array.from({ length: N }, () => c.post(path, body)));
      const statuses = results.map((r) => r.status);
      assert.equal(statuses.filter((s) => s === 201).length, 1, statuses.join(','));
      const sequential = await c.post(path, body);
      assert.equal(sequential.status, 422, sequential.text);
      assert.deepEqual(Object.keys(sequential.body.errors), [field], sequential.text);
      for (const r of results.filter((r) => r.status !== 201)) {
        assert.equal(r.status, 422, r.text);
        assert.deepEqual(r.body.errors, sequential.body.errors, r.text);
      }
      const after = await c.get(list);
      assert.equal((after.body.meta?.total ?? after.body.data.length) - before, 1);
    });
  }
});
