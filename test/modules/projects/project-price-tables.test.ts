// GET /projects/{id}/price-tables with and without fallback (own -> customer -> base), the single table,
// and priceTables appended to project responses.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { forEachDialect } from '../../support/app.js';
import { seedCustomer, seedPriceTable } from '../../support/seed.js';
import { createProject } from '../../support/projects.js';

forEachDialect('project price tables', (t) => {
  async function setup() {
    const c = await t().tenant();
    const db = t().database.db;
    const customer = await seedCustomer(db, c.tenant.id);
    const base = await seedPriceTable(db, c.tenant.id, { level: 'base' }, [{ price: 80 }]);
    return { c, db, customer, base };
  }

  test("the project's own tables are returned as {data: [...]} without pagination, with and without fallback", async () => {
    const { c, db, customer } = await setup();
    await seedPriceTable(db, c.tenant.id, { level: 'customer', customer_number: customer.customer_number }, [
      { price: 90 },
    ]);
    const p = await createProject(c, { customer_id: customer.customer_number });
    const own = await seedPriceTable(
      db,
      c.tenant.id,
      { level: 'project', project_id: p.id },
      [{ price: 100 }],
      '2024-01-01',
    );
    for (const q of ['', '?fallback=false', '?fallback=true']) {
      const r = await c.get(`/projects/${p.id}/price-tables${q}`);
      assert.equal(r.status, 200, r.text);
      assert.deepEqual(Object.keys(r.body), ['data']);
      assert.deepEqual(
        r.body.data.map((x: any) => x.id),
        [Number(own.id)],
        q,
      );
    }
    const table = (await c.get(`/projects/${p.id}/price-tables`)).body.data[0];
    assert.deepEqual(table.type, { id: 'project', name: 'Project Price Table' });
    assert.equal(table.project_id, p.id);
    assert.equal(table.start_date, '2024-01-01T00:00:00.000000Z');
    assert.equal(table.prices[0].price, 100);
  });

  test("without own tables, fallback=true gives the customer's tables; without fallback the list is empty", async () => {
    const { c, db, customer } = await setup();
    const ct = await seedPriceTable(db, c.tenant.id, { level: 'customer', customer_number: customer.customer_number }, [
      { price: 90 },
    ]);
    const p = await createProject(c, { customer_id: customer.customer_number });
    assert.deepEqual((await c.get(`/projects/${p.id}/price-tables`)).body.data, []);
    const r = await c.get(`/projects/${p.id}/price-tables?fallback=true`);
    assert.deepEqual(
      r.body.data.map((x: any) => x.id),
      [Number(ct.id)],
    );
    assert.deepEqual(r.body.data[0].type, { id: 'customer', name: 'Customer Price Table' });
  });

  test("without own and customer tables (or without customer), fallback=true gives the tenant's base tables", async () => {
    const { c, customer, base } = await setup();
    const withCustomer = await createProject(c, { customer_id: customer.customer_number });
    const withoutCustomer = await createProject(c);
    for (const p of [withCustomer, withoutCustomer]) {
      const r = await c.get(`/projects/${p.id}/price-tables?fallback=1`);
      assert.deepEqual(
        r.body.data.map((x: any) => x.id),
        [Number(base.id)],
      );
      assert.deepEqual(r.body.data[0].type, { id: 'base', name: 'Basispreistabelle' });
    }
  });

  test("a single table: the project's own or one inherited through the fallback; others are 404", async () => {
    const { c, db, customer, base } = await setup();
    const p = await createProject(c, { customer_id: customer.customer_number });
    const other = await createProject(c);
    const foreign = await seedPriceTable(db, c.tenant.id, { level: 'project', project_id: other.id });
    assert.equal((await c.get(`/projects/${p.id}/price-tables/${base.id}`)).body.data.id, Number(base.id));
    assert.equal((await c.get(`/projects/${p.id}/price-tables/${foreign.id}`)).status, 404);
    assert.equal((await c.get(`/projects/${other.id}/price-tables/${foreign.id}`)).body.data.id, Number(foreign.id));
    assert.equal((await c.get(`/projects/${other.id}/price-tables/${base.id}`)).status, 404);
    assert.equal((await c.get(`/projects/${p.id}/price-tables/999999`)).status, 404);
    const b = await t().tenant();
    assert.equal((await b.get(`/projects/${other.id}/price-tables/${foreign.id}`)).status, 404);
    assert.equal((await b.get(`/projects/${other.id}/price-tables`)).status, 404);
  });

  test('priceTables appear on project responses only with ?append=priceTables (detail and list)', async () => {
    const { c, db, customer } = await setup();
    const ct = await seedPriceTable(db, c.tenant.id, { level: 'customer', customer_number: customer.customer_number });
    const p = await createProject(c, { customer_id: customer.customer_number });
    const own = await createProject(c);
    const ot = await seedPriceTable(db, c.tenant.id, { level: 'project', project_id: own.id });
    assert.equal('priceTables' in (await c.get(`/projects/${p.id}`)).body.data, false);
    assert.deepEqual(
      (await c.get(`/projects/${p.id}?append=priceTables`)).body.data.priceTables.map((x: any) => x.id),
      [Number(ct.id)],
    );
    assert.deepEqual(
      (await c.get(`/projects/${own.id}?include=priceTables`)).body.data.priceTables.map((x: any) => x.id),
      [Number(ot.id)],
    );
    const list = await c.get('/projects?append=priceTables');
    assert.deepEqual(
      list.body.data.map((x: any) => x.priceTables.map((t: any) => t.id)),
      [[Number(ct.id)], [Number(ot.id)]],
    );
    assert.equal('priceTables' in (await c.get('/projects')).body.data[0], false);
  });

  test('deleting a project deletes its own price tables', async () => {
    const { c, db, base } = await setup();
    const p = await createProject(c);
    const own = await seedPriceTable(db, c.tenant.id, { level: 'project', project_id: p.id });
    assert.equal((await c.delete(`/projects/${p.id}`)).status, 204);
    const left = await db.selectFrom('price_tables').select('id').where('tenant_id', '=', c.tenant.id).execute();
    assert.deepEqual(
      left.map((r) => Number(r.id)),
      [Number(base.id)],
    );
    assert.notEqual(Number(own.id), Number(base.id));
  });
});

forEachDialect('project price tables: writes', (t) => {
  test('POST/PATCH/DELETE /projects/{id}/price-tables manage the project level; the fallback then prefers them', async () => {
    const c = await t().tenant();
    const db = t().database.db;
    await seedPriceTable(db, c.tenant.id, { level: 'base' }, [{ price_group: 'Junior', price: 50 }]);
    const project = (await c.post('/projects', { name: 'Priced' })).body.data;
    const created = await c.post(`/projects/${project.id}/price-tables`, {
      start_date: '2024-01-01',
      prices: [{ price_group: 'Junior', price: 95, type: 'basehour' }],
    });
    assert.equal(created.status, 201, created.text);
    assert.equal(created.body.data.type.id, 'project');
    assert.equal(created.body.data.project_id, project.id);
    const own = await c.get(`/projects/${project.id}/price-tables?fallback=true`);
    assert.deepEqual(
      own.body.data.map((p: any) => p.prices[0].price),
      [95],
    );
    const id = created.body.data.id;
    const patched = await c.patch(`/projects/${project.id}/price-tables/${id}`, {
      prices: [{ price_group: 'Junior', price: 99 }],
    });
    assert.equal(patched.body.data.prices[0].price, 99);
    const other = (await c.post('/projects', { name: 'Other' })).body.data;
    assert.equal((await c.patch(`/projects/${other.id}/price-tables/${id}`, { prices: [] })).status, 404);
    assert.equal((await c.delete(`/projects/${project.id}/price-tables/${id}`)).status, 204);
    assert.deepEqual(
      (await c.get(`/projects/${project.id}/price-tables?fallback=true`)).body.data.map((p: any) => p.type.id),
      ['base'],
    );
  });
});
