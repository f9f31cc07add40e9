// Price-table writes: base tables at /price-tables, customer tables at /customers/{customer}/price-tables;
// prices and factors replaced when submitted, 422s on unknown references, ahr_factor only with the ahr module.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { forEachDialect, type Client } from '../../support/app.js';
import { seedPriceGroup } from '../../support/seed.js';

forEachDialect('price tables', (t) => {
  async function setup(modules: any[] = []) {
    const c = await t().tenant({ modules });
    const db = t().database.db;
    await seedPriceGroup(db, c.tenant.id, 'Junior');
    await seedPriceGroup(db, c.tenant.id, 'Senior');
    await c.post('/activities', { name: 'dev' });
    const act = await db
      .selectFrom('activities')
      .select('id')
      .where('tenant_id', '=', c.tenant.id)
      .where('name', '=', 'dev')
      .executeTakeFirstOrThrow();
    return { c, activityId: Number(act.id) };
  }
  const create = (c: Client, path: string, body: object) => c.post(path, body);

  test('a base table is created with prices and factors in the contract shape', async () => {
    const { c, activityId } = await setup();
    const r = await create(c, '/price-tables', {
      start_date: '2024-01-01',
      prices: [
        { price_group: 'Junior', price: 80, activity: 'dev' },
        { price_group: 'Senior', price: 950.5, type: 'tsatz' },
      ],
      factors: [{ day: 0, start_time: '00:00', end_time: '23:59:59', factor: 1.5, activity_id: activityId }],
    });
    assert.equal(r.status, 201, r.text);
    const d = r.body.data;
    assert.equal(d.start_date, '2024-01-01T00:00:00.000000Z');
    assert.deepEqual(d.type, { id: 'base', name: 'Basispreistabelle' });
    assert.equal(d.customer_number, null);
    assert.deepEqual(
      d.prices.map((p: any) => [p.price_group, p.price, p.type, p.activity, p.price_table_id, 'ahr_factor' in p]),
      [
        ['Junior', 80, { id: 'basehour', name: 'Hourly rate' }, 'dev', String(d.id), false],
        ['Senior', 950.5, { id: 'tsatz', name: 'Daily rate' }, null, String(d.id), false],
      ],
    );
    assert.deepEqual(
      d.factors.map((f: any) => [f.day, f.start_time, f.end_time, f.factor, f.activity_id, f.price_table_id]),
      [[{ id: 0, name: 'So' }, '00:00:00', '23:59:59', 1.5, activityId, d.id]],
    );
    assert.deepEqual((await c.get(`/price-tables/${d.id}`)).body.data, d);
    assert.deepEqual(
      (await c.get('/price-tables')).body.data.map((x: any) => x.id),
      [d.id],
    );
  });

  test('unknown price groups, activities and bad values are 422 naming each failing field', async () => {
    const { c } = await setup();
    const r = await create(c, '/price-tables', {
      prices: [
        { price_group: 'Nope', price: 1, activity: 'ghost' },
        { price_group: 'Junior', price: 1 },
      ],
      factors: [{ day: 1, factor: 2, activity_id: 99999 }],
    });
    assert.equal(r.status, 422);
    assert.deepEqual(Object.keys(r.body.errors).sort(), [
      'factors.0.activity_id',
      'prices.0.activity',
      'prices.0.price_group',
    ]);
    const bad = await create(c, '/price-tables', {
      prices: [{ price_group: 'Junior', price: -1, type: 'hourly' }],
      factors: [{ day: 8, factor: 0, start_time: '25:00' }],
    });
    assert.equal(bad.status, 422);
    assert.deepEqual(Object.keys(bad.body.errors).sort(), [
      'factors.0.day',
      'factors.0.factor',
      'factors.0.start_time',
      'prices.0.price',
      'prices.0.type',
    ]);
    assert.deepEqual((await c.get('/price-tables')).body.data, []);
  });

  test("another tenant's activity in a factor is 422 on that factor, on create and update; nothing is stored", async () => {
    const other = await setup();
    const { c, activityId } = await setup();
    const table = await create(c, '/price-tables', {
      start_date: '2024-01-01',
      prices: [{ price_group: 'Junior', price: 80 }],
    });
    assert.equal(table.status, 201, table.text);
    const factors = [
      { day: 1, factor: 2, activity_id: activityId },
      { day: 2, factor: 2, activity_id: other.activityId },
    ];
    const created = await create(c, '/price-tables', {
      start_date: '2024-02-01',
      prices: [{ price_group: 'Junior', price: 80 }],
      factors,
    });
    assert.equal(created.status, 422);
    assert.deepEqual(Object.keys(created.body.errors), ['factors.1.activity_id']);
    const changed = await c.patch(`/price-tables/${table.body.data.id}`, { factors });
    assert.equal(changed.status, 422);
    assert.deepEqual(Object.keys(changed.body.errors), ['factors.1.activity_id']);
    const list = (await c.get('/price-tables')).body.data;
    assert.deepEqual(
      list.map((p: any) => [p.id, p.factors.length]),
      [[table.body.data.id, 0]],
    );
  });

  test('a second table of the same owner with the same start date is 422 on start_date', async () => {
    const { c } = await setup();
    assert.equal((await create(c, '/price-tables', { start_date: '2024-01-01' })).status, 201);
    assert.equal((await create(c, '/price-tables', { start_date: '2024-01-01' })).body.errors.start_date.length, 1);
    await c.post('/customers', { customer_number: 'K1', name: 'A', currency: 'EUR' });
    assert.equal((await create(c, '/customers/K1/price-tables', { start_date: '2024-01-01' })).status, 201);
  });

  test('PATCH changes the start date; submitted prices or factors replace the set, others stay', async () => {
    const { c } = await setup();
    const d = (
      await create(c, '/price-tables', {
        prices: [{ price_group: 'Junior', price: 80 }],
        factors: [{ day: 6, factor: 1.25 }],
      })
    ).body.data;
    const p = await c.patch(`/price-tables/${d.id}`, {
      start_date: '2025-02-01',
      prices: [{ price_group: 'Senior', price: 120 }],
    });
    assert.equal(p.status, 200, p.text);
    assert.equal(p.body.data.start_date, '2025-02-01T00:00:00.000000Z');
    assert.deepEqual(
      p.body.data.prices.map((x: any) => [x.price_group, x.price]),
      [['Senior', 120]],
    );
    assert.deepEqual(
      p.body.data.factors.map((x: any) => x.factor),
      [1.25],
    );
    const put = await c.put(`/price-tables/${d.id}`, { factors: [] });
    assert.deepEqual(put.body.data.factors, []);
    assert.equal(put.body.data.prices.length, 1);
  });

  test('ahr_factor is stored and shown only on tenants with the ahr module', async () => {
    const { c } = await setup(['ahr']);
    const r = await create(c, '/price-tables', { prices: [{ price_group: 'Junior', price: 80, ahr_factor: 1.1 }] });
    assert.equal(r.body.data.prices[0].ahr_factor, 1.1);
    const { c: plain } = await setup();
    const r2 = await create(plain, '/price-tables', {
      prices: [{ price_group: 'Junior', price: 80, ahr_factor: 1.1 }],
    });
    assert.equal(r2.status, 201);
    assert.equal('ahr_factor' in r2.body.data.prices[0], false);
  });

  test('customer tables live under the customer; base routes do not serve them and vice versa', async () => {
    const { c } = await setup();
    await c.post('/customers', { customer_number: 'K1', name: 'A', currency: 'EUR' });
    await c.post('/customers', { customer_number: 'K2', name: 'B', currency: 'EUR' });
    const baseTable = (await create(c, '/price-tables', { prices: [{ price_group: 'Junior', price: 80 }] })).body.data;
    const own = (await create(c, '/customers/K1/price-tables', { prices: [{ price_group: 'Senior', price: 150 }] }))
      .body.data;
    assert.deepEqual(own.type, { id: 'customer', name: 'Customer Price Table' });
    assert.equal(own.customer_number, 'K1');
    assert.deepEqual(
      (await c.get('/customers/K1/price-tables')).body.data.map((x: any) => x.id),
      [own.id],
    );
    assert.deepEqual((await c.get('/customers/K2/price-tables')).body.data, []);
    assert.equal((await c.get(`/price-tables/${own.id}`)).status, 404);
    assert.equal((await c.get(`/customers/K2/price-tables/${own.id}`)).status, 404);
    assert.equal((await c.patch(`/customers/K1/price-tables/${baseTable.id}`, {})).status, 404);
    assert.equal((await c.get('/customers/NOPE/price-tables')).status, 404);
    assert.deepEqual(
      (await c.get('/customers/K1')).body.data.priceTables.map((x: any) => x.id),
      [own.id],
    );
    assert.deepEqual(
      (await c.get('/customers/K2')).body.data.priceTables.map((x: any) => x.id),
      [baseTable.id],
    );
    const renamed = await c.patch('/customers/K1', { customer_number: 'K1-NEW' });
    assert.equal(renamed.body.data.priceTables[0].customer_number, 'K1-NEW');
    assert.equal((await c.delete(`/customers/K1-NEW/price-tables/${own.id}`)).status, 204);
    assert.deepEqual(
      (await c.get('/customers/K1-NEW')).body.data.priceTables.map((x: any) => x.id),
      [baseTable.id],
    );
  });

  test("DELETE removes a base table; another tenant's table is 404", async () => {
    const { c } = await setup();
    const other = await t().tenant();
    const d = (await create(c, '/price-tables', { prices: [{ price_group: 'Junior', price: 80 }] })).body.data;
    assert.equal((await other.get(`/price-tables/${d.id}`)).status, 404);
    assert.equal((await other.delete(`/price-tables/${d.id}`)).status, 404);
    assert.equal((await c.delete(`/price-tables/${d.id}`)).status, 204);
    assert.equal((await c.get(`/price-tables/${d.id}`)).status, 404);
  });
});
