// GET /customers: filters (customer_number[], inactive, deprecated status, start_date/end_date) and their
// combinations, counts on list items, stable paging with ties on name, 422 on invalid query values.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { forEachDialect, type Client } from '../../support/app.js';
import { seedCustomer, seedEmployee } from '../../support/seed.js';

const numbers = (r: { body: any }) => r.body.data.map((x: any) => x.customer_number);

forEachDialect('customers: list', (t) => {
  async function three(c: Client) {
    for (const [n, inactive] of [
      ['A', false],
      ['B', true],
      ['C', false],
    ] as const) {
      assert.equal(
        (await c.post('/customers', { customer_number: n, name: `Name ${n}`, currency: 'EUR', inactive })).status,
        201,
      );
    }
  }

  test('list items carry categories, dynamicAttributes and the five counts, not addresses/managers/priceTables', async () => {
    const c = await t().tenant();
    const e1 = await seedEmployee(t().database.db, c.tenant.id);
    const e2 = await seedEmployee(t().database.db, c.tenant.id);
    await c.post('/categories', { name: 'VIP', type: 'customer' });
    await c.post('/dynamic-attributes', { name: 'rating', type: 'Integer' });
    await c.post('/customers', {
      customer_number: 'A',
      name: 'A',
      currency: 'EUR',
      categories: ['VIP'],
      dynamicAttributes: [{ rating: 3 }],
      addresses: [{ name: 'one' }, { name: 'two' }, { name: 'three' }],
      managers: [{ username: e1.username }, { username: e2.username }],
    });
    await c.post('/customers/A/contacts', { first_name: 'Eva', last_name: 'Lang' });
    await c.post('/customers', { customer_number: 'B', name: 'B', currency: 'EUR' });
    const r = await c.get('/customers');
    assert.equal(r.status, 200, r.text);
    const [a, b] = r.body.data;
    assert.deepEqual(
      [a.addresses_count, a.managers_count, a.categories_count, a.dynamicAttributes_count, a.contacts_count],
      [3, 2, 1, 1, 1],
    );
    assert.deepEqual(
      [b.addresses_count, b.managers_count, b.categories_count, b.dynamicAttributes_count, b.contacts_count],
      [0, 0, 0, 0, 0],
    );
    assert.deepEqual(
      a.categories.map((x: any) => x.name),
      ['VIP'],
    );
    assert.deepEqual(
      a.dynamicAttributes.map((x: any) => x.value),
      [3],
    );
    for (const k of ['addresses', 'managers', 'priceTables']) assert.equal(k in a, false, k);
    assert.deepEqual(a.status, { value: 1, label: 'Active' });
  });

  test('customer_number[] and the single customer_number form restrict the list', async () => {
    const c = await t().tenant();
    await three(c);
    assert.deepEqual(numbers(await c.get('/customers?customer_number[]=A&customer_number[]=C&customer_number[]=ZZ')), [
      'A',
      'C',
    ]);
    assert.deepEqual(numbers(await c.get('/customers?customer_number=B')), ['B']);
    assert.deepEqual(numbers(await c.get('/customers?customer_number%5B%5D=C')), ['C']);
  });

  test('inactive=true returns only inactive, false only active; status is the inverse alias; inactive wins', async () => {
    const c = await t().tenant();
    await three(c);
    const cases: [string, string[]][] = [
      ['inactive=true', ['B']],
      ['inactive=1', ['B']],
      ['inactive=false', ['A', 'C']],
      ['status=1', ['A', 'C']],
      ['status=0', ['B']],
      ['status=abc', ['A', 'B', 'C']],
      ['inactive=true&status=1', ['B']],
      ['inactive=false&status=0', ['A', 'C']],
    ];
    for (const [q, want] of cases) assert.deepEqual(numbers(await c.get(`/customers?${q}`)), want, q);
    const bad = await c.get('/customers?inactive=maybe');
    assert.equal(bad.status, 422);
    assert.ok(bad.body.errors.inactive);
  });

  test('start_date/end_date select customers active within the range; combine with other filters', async () => {
    const c = await t().tenant();
    const db = t().database.db;
    const id = c.tenant.id;
    await seedCustomer(db, id, {
      customer_number: 'OLD',
      created: '2020-01-01 10:00:00',
      modified: '2020-01-01 10:00:00',
    });
    await seedCustomer(db, id, {
      customer_number: 'GONE',
      inactive: true,
      created: '2020-01-01 10:00:00',
      modified: '2021-06-30 12:00:00',
    });
    await seedCustomer(db, id, {
      customer_number: 'LATE',
      inactive: true,
      created: '2020-01-01 10:00:00',
      modified: '2022-03-01 08:00:00',
    });
    await seedCustomer(db, id, {
      customer_number: 'NEW',
      created: '2023-05-01 09:00:00',
      modified: '2023-05-01 09:00:00',
    });
    assert.deepEqual(numbers(await c.get('/customers?start_date=2022-01-01&end_date=2022-12-31')), ['LATE', 'OLD']);
    assert.deepEqual(numbers(await c.get('/customers?end_date=2023-05-01')), ['GONE', 'LATE', 'NEW', 'OLD']);
    assert.deepEqual(numbers(await c.get('/customers?end_date=2023-04-30')), ['GONE', 'LATE', 'OLD']);
    assert.deepEqual(numbers(await c.get('/customers?start_date=2021-06-30')), ['GONE', 'LATE', 'NEW', 'OLD']);
    assert.deepEqual(numbers(await c.get('/customers?start_date=2022-01-01&inactive=true')), ['LATE']);
    assert.deepEqual(
      numbers(
        await c.get('/customers?start_date=2022-01-01&end_date=2022-12-31&customer_number[]=OLD&customer_number[]=NEW'),
      ),
      ['OLD'],
    );
    assert.deepEqual(numbers(await c.get('/customers?end_date=2023-12-31&status=1&modified_after=2023-01-01')), [
      'NEW',
    ]);
    for (const q of ['start_date=', 'end_date=2022-13-01', 'start_date=2022-01-01T10:00:00']) {
      const r = await c.get(`/customers?${q}`);
      assert.equal(r.status, 422, q);
      assert.deepEqual(Object.keys(r.body.errors), [q.split('=')[0]]);
    }
  });

  test('paging with ties on name walks every customer exactly once, in both directions', async () => {
    const c = await t().tenant();
    const db = t().database.db;
    const all: string[] = [];
    for (let i = 0; i < 23; i++) {
      const n = `N${String((i * 7) % 23).padStart(2, '0')}`;
      all.push(n);
      await seedCustomer(db, c.tenant.id, {
        customer_number: n,
        name: i % 3 === 0 ? 'Same' : 'Other',
        created: '2024-01-01 00:00:00',
        modified: '2024-01-01 00:00:00',
      });
    }
    for (const order of ['asc', 'desc']) {
      const seen: string[] = [];
      const names: string[] = [];
      for (let page = 1; page <= 5; page++) {
        const r = await c.get(`/customers?orderBy=name&order=${order}&limit=5&page=${page}`);
        assert.equal(r.body.meta.total, 23);
        seen.push(...numbers(r));
        names.push(...r.body.data.map((x: any) => x.name));
      }
      assert.deepEqual([...seen].sort(), [...all].sort(), order);
      const sortedNames = [...names].sort();
      assert.deepEqual(names, order === 'asc' ? sortedNames : sortedNames.reverse());
      for (const name of ['Same', 'Other']) {
        const group = seen.filter((_, i) => names[i] === name);
        assert.deepEqual(group, [...group].sort(), `ties on ${name} follow the key`);
      }
    }
    assert.deepEqual(numbers(await c.get('/customers?limit=3')), ['N00', 'N01', 'N02']);
    assert.deepEqual(numbers(await c.get('/customers?limit=3&order=desc')), ['N22', 'N21', 'N20']);
  });
});
