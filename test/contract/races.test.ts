// Uniqueness and non-overlap rules under racing creates: N parallel POSTs of the same record, exactly
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
  setup(
    t: TestContext,
    c: Client,
  ): Promise<{ path: string; body: Record<string, unknown>; field: string; list: string }>;
}

const RACES: Race[] = [
  {
    name: 'month closing of the tenant',
    setup: async () => ({
      path: '/month-closings',
      body: { month: '2026-02' },
      field: 'month',
      list: '/month-closings',
    }),
  },
  {
    name: 'month closing of one employee',
    setup: async (t, c) => {
      const e = await seedEmployee(t.database.db, c.tenant.id);
      return {
        path: '/month-closings',
        body: { month: '2026-02', employee_id: e.username },
        field: 'month',
        list: '/month-closings',
      };
    },
  },
  {
    name: 'base price table start date',
    setup: async () => ({
      path: '/price-tables',
      body: { start_date: '2025-01-01' },
      field: 'start_date',
      list: '/price-tables',
    }),
  },
  {
    name: 'base price table without start date',
    setup: async () => ({ path: '/price-tables', body: {}, field: 'start_date', list: '/price-tables' }),
  },
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
      return {
        path,
        body: { employee_id: e.username, from: '2025-01-01', to: '2025-12-31' },
        field: 'from',
        list: path,
      };
    },
  },
  {
    name: 'activity name',
    setup: async () => ({ path: '/activities', body: { name: 'racing' }, field: 'name', list: '/activities' }),
  },
  {
    name: 'category name',
    setup: async () => ({
      path: '/categories',
      body: { name: 'racing', type: 'project' },
      field: 'name',
      list: '/categories',
    }),
  },
  ...(
    [
      ['absence reason name', '/absence-reasons', { name: 'RACE' }],
      ['project status name', '/project-statuses', { name: 'racing', bookable: true }],
      ['dynamic attribute name', '/dynamic-attributes', { name: 'racing', type: 'Integer' }],
      ['price group name', '/price-groups', { name: 'racing' }],
      ['holiday calendar name', '/holiday-calendars', { name: 'Racing' }],
      ['location list name', '/location-lists', { name: 'Racing' }],
      ['employee username', '/employees', { username: 'u.race', firstname: 'A', lastname: 'B' }],
    ] as const
  ).map(([name, path, body]): Race => ({
    name,
    setup: async () => ({ path, body, field: Object.keys(body)[0] === 'username' ? 'username' : 'name', list: path }),
  })),
  {
    name: 'vehicle list start date',
    setup: async () => ({
      path: '/vehicle-lists',
      body: { start_date: '2030-01-01' },
      field: 'start_date',
      list: '/vehicle-lists',
    }),
  },
  {
    name: 'project name',
    setup: async () => ({ path: '/projects', body: { name: 'P-race' }, field: 'name', list: '/projects' }),
  },
  {
    name: 'holiday date of a calendar',
    setup: async (_t, c) => {
      const cal = await c.post('/holiday-calendars', { name: 'Races' });
      const path = `/holiday-calendars/${cal.body.data.id}/holidays`;
      return { path, body: { date: '2026-12-25', name: 'Weihnachten' }, field: 'date', list: path };
    },
  },
  ...(
    [
      ['transponder number', 'transponders', { number: '04A1B2' }, 'number'],
      ['meal of a type on a day', 'meals', { date: '2024-01-02', meal_type: 1 }, 'meal_type'],
      [
        'working times from one start date',
        'regular-working-times',
        { start_date: '2025-01-01', monday: 8 },
        'start_date',
      ],
      ['overlapping employment periods', 'employment-periods', { start_date: '2026-01-01' }, 'start_date'],
      ['internal rate start date', 'internal-rates', { start_date: '2025-01-01', internal_rate: 50 }, 'start_date'],
    ] as const
  ).map(([name, child, body, field]): Race => ({
    name,
    setup: async (t, c) => {
      const e = await seedEmployee(t.database.db, c.tenant.id);
      const path = `/employees/${e.username}/${child}`;
      return { path, body, field, list: path };
    },
  })),
  {
    name: 'customer number',
    setup: async () => ({
      path: '/customers',
      body: { customer_number: 'R1', name: 'Racer', currency: 'EUR' },
      field: 'customer_number',
      list: '/customers',
    }),
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

/** keys that differ only in case are one key, also when created at the same moment (on PostgreSQL only the lowercase unique indexes of migrations 1200, 2000 and 2900 can decide that). */
const CASE_RACES: {
  name: string;
  field: string;
  setup(t: TestContext, c: Client): Promise<{ path: string; body: (key: string) => Record<string, unknown> }>;
}[] = [
  {
    name: 'article number',
    field: 'article_number',
    setup: async () => ({ path: '/articles', body: (k) => ({ article_number: k, name: 'Racing article' }) }),
  },
  {
    name: 'invoice number',
    field: 'invoice_number',
    setup: async (t, c) => {
      const k = await seedCustomer(t.database.db, c.tenant.id);
      return { path: '/invoices', body: (key) => ({ invoice_number: key, customer_number: k.customer_number }) };
    },
  },
  {
    name: 'customer number',
    field: 'customer_number',
    setup: async () => ({ path: '/customers', body: (k) => ({ customer_number: k, name: 'Racer', currency: 'EUR' }) }),
  },
  {
    name: 'employee username',
    field: 'username',
    setup: async () => ({ path: '/employees', body: (k) => ({ username: k, firstname: 'A', lastname: 'B' }) }),
  },
  {
    name: 'absence reason external_id',
    field: 'external_id',
    setup: async () => ({
      path: '/absence-reasons',
      body: (k) => ({ name: `R-${[...k].map((ch) => Number(ch !== ch.toLowerCase())).join('')}`, external_id: k }),
    }),
  }, // names that differ in more than case
];

/** N spellings of one key that differ only in case. */
const spellings = (n: number) =>
  Array.from({ length: n }, (_, i) => [...'race-key'].map((ch, j) => ((i >> j) & 1 ? ch.toUpperCase() : ch)).join(''));

forEachDialect('races on case-insensitive keys', (t) => {
  for (const race of CASE_RACES) {
    test(`${race.name}: ${N} parallel creates differing only in case, exactly one wins, the others get the field error`, async () => {
      const c = await t().tenant();
      const { path, body } = await race.setup(t(), c);
      const keys = spellings(N);
      assert.equal(new Set(keys).size, N);
      const results = await Promise.all(keys.map((k) => c.post(path, body(k))));
      assert.equal(results.filter((r) => r.status === 201).length, 1, results.map((r) => r.status).join(','));
      for (const r of results.filter((r) => r.status !== 201)) {
        assert.equal(r.status, 422, r.text);
        assert.deepEqual(Object.keys(r.body.errors), [race.field], r.text);
        assert.match(r.body.errors[race.field][0], /has already been taken/, r.text);
      }
      const stored = await c.get(`${path}?limit=100`);
      const mine = stored.body.data.filter((x: any) => String(x[race.field]).toLowerCase() === 'race-key');
      assert.equal(mine.length, 1, JSON.stringify(mine));
    });
  }
});
