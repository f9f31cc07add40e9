// /customers/{customer_number}/contacts: CRUD, `department` and `categories` on responses, 422s, scoping to
// the customer and the tenant, list conventions.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { forEachDialect, type Client } from '../../support/app.js';

forEachDialect('customer contacts', (t) => {
  async function customer(c: Client, number = 'K-1') {
    assert.equal((await c.post('/customers', { customer_number: number, name: 'ACME', currency: 'EUR' })).status, 201);
  }

  test('create answers 201 with department {id, name}, categories and defaults', async () => {
    const c = await t().tenant();
    await customer(c);
    await c.post('/categories', { name: 'Decision maker', type: 'contact' });
    const dep = (await c.post('/departments', { name: 'Sales' })).body.data;
    const r = await c.post('/customers/K-1/contacts', {
      first_name: 'Eva',
      last_name: 'Lang',
      salutation: 'Frau',
      email: 'eva@acme.de',
      department_id: dep.id,
      categories: ['Decision maker'],
      language: 'de',
    });
    assert.equal(r.status, 201, r.text);
    const d = r.body.data;
    assert.equal(typeof d.id, 'number');
    assert.equal(d.customer_number, 'K-1');
    assert.deepEqual(
      [d.first_name, d.last_name, d.salutation, d.email, d.language],
      ['Eva', 'Lang', 'Frau', 'eva@acme.de', 'de'],
    );
    assert.deepEqual([d.primary, d.inactive, d.phone, d.job_title], [false, false, null, null]);
    assert.deepEqual(d.department, { id: dep.id, name: 'Sales' });
    assert.deepEqual(
      d.categories.map((x: any) => x.name),
      ['Decision maker'],
    );
    assert.match(d.created, /\.000000Z$/);
    assert.deepEqual((await c.get(`/customers/K-1/contacts/${d.id}`)).body.data, d);
  });

  test('invalid bodies are 422 naming each field; unknown customer is 404', async () => {
    const c = await t().tenant();
    await customer(c);
    const r = await c.post('/customers/K-1/contacts', { email: 'bad', department_id: 99999, categories: ['nope'] });
    assert.equal(r.status, 422);
    assert.deepEqual(Object.keys(r.body.errors).sort(), ['email', 'first_name', 'last_name']);
    const refs = await c.post('/customers/K-1/contacts', {
      first_name: 'A',
      last_name: 'B',
      department_id: 99999,
      categories: ['nope'],
    });
    assert.deepEqual(Object.keys(refs.body.errors).sort(), ['categories', 'department_id']);
    assert.equal((await c.post('/customers/NOPE/contacts', { first_name: 'A', last_name: 'B' })).status, 404);
  });

  test('PATCH/PUT change only submitted fields; department can be cleared', async () => {
    const c = await t().tenant();
    await customer(c);
    const dep = (await c.post('/departments', { name: 'Sales' })).body.data;
    const d = (
      await c.post('/customers/K-1/contacts', {
        first_name: 'Eva',
        last_name: 'Lang',
        phone: '1',
        department_id: dep.id,
      })
    ).body.data;
    const p = await c.patch(`/customers/K-1/contacts/${d.id}`, { primary: true, phone: null });
    assert.equal(p.status, 200, p.text);
    assert.deepEqual(
      [p.body.data.primary, p.body.data.phone, p.body.data.first_name, p.body.data.department?.id],
      [true, null, 'Eva', dep.id],
    );
    const put = await c.put(`/customers/K-1/contacts/${d.id}`, { department_id: null, inactive: true });
    assert.deepEqual([put.body.data.department, put.body.data.inactive, put.body.data.primary], [null, true, true]);
  });

  test('a contact is reachable only under its own customer and tenant', async () => {
    const c = await t().tenant();
    const other = await t().tenant();
    await customer(c, 'K-1');
    await customer(c, 'K-2');
    await customer(other, 'K-1');
    const d = (await c.post('/customers/K-1/contacts', { first_name: 'Eva', last_name: 'Lang' })).body.data;
    assert.equal((await c.get(`/customers/K-2/contacts/${d.id}`)).status, 404);
    assert.equal((await c.patch(`/customers/K-2/contacts/${d.id}`, { first_name: 'x' })).status, 404);
    assert.equal((await c.delete(`/customers/K-2/contacts/${d.id}`)).status, 404);
    assert.equal((await other.get(`/customers/K-1/contacts/${d.id}`)).status, 404);
    assert.equal((await other.get('/customers/K-1/contacts')).body.meta.total, 0);
  });

  test('the list is paginated and sortable; DELETE answers 204 then 404', async () => {
    const c = await t().tenant();
    await customer(c);
    const ids: number[] = [];
    for (const last of ['Zed', 'Abel', 'Meyer'])
      ids.push((await c.post('/customers/K-1/contacts', { first_name: 'X', last_name: last })).body.data.id);
    const byName = await c.get('/customers/K-1/contacts?orderBy=last_name&limit=2');
    assert.deepEqual(
      byName.body.data.map((x: any) => x.last_name),
      ['Abel', 'Meyer'],
    );
    assert.equal(byName.body.meta.total, 3);
    assert.deepEqual(
      (await c.get('/customers/K-1/contacts')).body.data.map((x: any) => x.id),
      ids,
    );
    assert.equal((await c.delete(`/customers/K-1/contacts/${ids[0]}`)).status, 204);
    assert.equal((await c.get(`/customers/K-1/contacts/${ids[0]}`)).status, 404);
    assert.equal((await c.delete(`/customers/K-1/contacts/${ids[0]}`)).status, 404);
    assert.equal((await c.get('/customers')).body.data[0].contacts_count, 2);
  });
});
