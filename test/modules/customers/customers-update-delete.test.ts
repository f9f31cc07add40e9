// PATCH/PUT /customers/{customer}: partial updates, renaming the key, status/inactive precedence, nested
// address/manager sets. DELETE: owned records go with the customer; refused (422) while referenced.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { forEachDialect } from '../../support/app.js';
import { seedEmployee } from '../../support/seed.js';

const base = { customer_number: 'K-1', name: 'ACME', currency: 'EUR' };

forEachDialect('customers: update and delete', (t) => {
  test('PATCH and PUT change only submitted fields', async () => {
    const c = await t().tenant();
    await c.post('/customers', { ...base, phone: '123', vat: 7, comments: 'keep' });
    const p = await c.patch('/customers/K-1', { phone: null, vat: 19.5 });
    assert.equal(p.status, 200, p.text);
    assert.equal(p.body.data.phone, null);
    assert.equal(p.body.data.vat, '19.5000');
    assert.equal(p.body.data.comments, 'keep');
    const put = await c.put('/customers/K-1', { name: 'ACME GmbH' });
    assert.equal(put.body.data.name, 'ACME GmbH');
    assert.equal(put.body.data.vat, '19.5000');
    assert.equal((await c.patch('/customers/NOPE', { name: 'x' })).status, 404);
  });

  test('PATCH with invalid values is 422 naming each failing field and changes nothing', async () => {
    const c = await t().tenant();
    await c.post('/customers', base);
    const schema = await c.patch('/customers/K-1', {
      currency: 'eur',
      vat: 100.5,
      email: 'x',
      name: null,
      iban: 'D'.repeat(35),
    });
    assert.equal(schema.status, 422);
    assert.deepEqual(Object.keys(schema.body.errors).sort(), ['currency', 'email', 'iban', 'name', 'vat']);
    const refs = await c.patch('/customers/K-1', {
      department_id: 99999,
      categories: ['nope'],
      dynamicAttributes: [{ nope: 1 }],
    });
    assert.deepEqual(Object.keys(refs.body.errors).sort(), ['categories', 'department_id', 'dynamicAttributes']);
    const unknown = await c.patch('/customers/K-1', { currency: 'XYZ' });
    assert.deepEqual(Object.keys(unknown.body.errors), ['currency'], 'not an ISO 4217 code');
    assert.equal((await c.get('/customers/K-1')).body.data.currency, 'EUR');
  });

  test('PATCH renames the customer number; a taken number is 422 on customer_number', async () => {
    const c = await t().tenant();
    await c.post('/customers', base);
    await c.post('/customers', { ...base, customer_number: 'K-2' });
    await c.post('/customers/K-1/contacts', { first_name: 'A', last_name: 'B' });
    const dup = await c.patch('/customers/K-1', { customer_number: 'K-2' });
    assert.equal(dup.status, 422);
    assert.deepEqual(Object.keys(dup.body.errors), ['customer_number']);
    assert.equal((await c.patch('/customers/K-1', { customer_number: 'K-1' })).status, 200);
    const r = await c.patch('/customers/K-1', { customer_number: 'K-9' });
    assert.equal(r.body.data.customer_number, 'K-9');
    assert.equal((await c.get('/customers/K-1')).status, 404);
    assert.equal((await c.get('/customers/K-9/contacts')).body.meta.total, 1);
  });

  test('inactive wins over status on update, in both directions; status alone applies; junk is ignored', async () => {
    const c = await t().tenant();
    await c.post('/customers', base);
    const steps: [object, boolean][] = [
      [{ status: 0 }, true],
      [{ status: 'x' }, true],
      [{ inactive: false, status: 0 }, false],
      [{ inactive: true, status: 1 }, true],
      [{ status: 1 }, false],
      [{ name: 'only name' }, false],
    ];
    for (const [body, inactive] of steps) {
      const r = await c.patch('/customers/K-1', body);
      assert.equal(r.status, 200, r.text);
      assert.equal(r.body.data.inactive, inactive, JSON.stringify(body));
      assert.equal(r.body.data.status.value, inactive ? 0 : 1);
    }
  });

  test('submitted addresses replace the set: listed ids are updated, others removed, new ones created', async () => {
    const c = await t().tenant();
    const other = await c.post('/customers', { ...base, customer_number: 'K-2', addresses: [{ name: 'foreign' }] });
    const created = await c.post('/customers', {
      ...base,
      addresses: [{ name: 'HQ', city: 'Berlin' }, { name: 'Plant' }],
    });
    const [hq] = created.body.data.addresses;
    const r = await c.patch('/customers/K-1', {
      addresses: [
        { id: hq.id, city: 'Hamburg' },
        { name: 'Branch', is_billing_address: true },
      ],
    });
    assert.equal(r.status, 200, r.text);
    assert.deepEqual(
      r.body.data.addresses.map((a: any) => [a.id === hq.id, a.name, a.city, a.is_billing_address]),
      [
        [true, 'HQ', 'Hamburg', null],
        [false, 'Branch', null, true],
      ],
    );
    const foreign = await c.patch('/customers/K-1', {
      addresses: [{ id: other.body.data.addresses[0].id, name: 'steal' }],
    });
    assert.equal(foreign.status, 422);
    assert.deepEqual(Object.keys(foreign.body.errors), ['addresses.0.id']);
    assert.equal((await c.patch('/customers/K-1', { name: 'x' })).body.data.addresses.length, 2);
    assert.deepEqual((await c.patch('/customers/K-1', { addresses: [] })).body.data.addresses, []);
  });

  test('submitted managers replace the set; unknown or repeated usernames are 422', async () => {
    const c = await t().tenant();
    const a = await seedEmployee(t().database.db, c.tenant.id, { username: 'a.user' });
    const b = await seedEmployee(t().database.db, c.tenant.id, { username: 'b.user' });
    await c.post('/customers', { ...base, managers: [{ username: a.username }] });
    const r = await c.patch('/customers/K-1', {
      managers: [{ username: b.username, has_budget_responsibility_permission: true }],
    });
    assert.deepEqual(
      r.body.data.managers.map((m: any) => [m.username, m.has_budget_responsibility_permission]),
      [['b.user', true]],
    );
    const bad = await c.patch('/customers/K-1', {
      managers: [{ username: 'b.user' }, { username: 'b.user' }, { username: 'nobody' }],
    });
    assert.equal(bad.status, 422);
    assert.deepEqual(Object.keys(bad.body.errors).sort(), ['managers.1.username', 'managers.2.username']);
  });

  test('DELETE removes the customer with its addresses, contacts and own price tables', async () => {
    const c = await t().tenant();
    await c.post('/customers', { ...base, addresses: [{ name: 'HQ' }] });
    await c.post('/customers/K-1/contacts', { first_name: 'A', last_name: 'B' });
    await c.post('/customers/K-1/price-tables', {});
    assert.equal((await c.delete('/customers/K-1')).status, 204);
    assert.equal((await c.get('/customers/K-1')).status, 404);
    assert.equal((await c.delete('/customers/K-1')).status, 404);
    assert.equal((await c.post('/customers', base)).body.data.addresses.length, 0);
    assert.equal((await c.get('/customers/K-1/contacts')).body.meta.total, 0);
    assert.deepEqual((await c.get('/customers/K-1/price-tables')).body.data, []);
  });

  test('DELETE is refused with 422 naming the records that still reference the customer', async () => {
    const c = await t().tenant();
    await c.post('/customers', base);
    const project = await c.post('/projects', { name: 'Referencing project', customer_id: 'K-1' });
    assert.equal(project.status, 201, project.text);
    const r = await c.delete('/customers/K-1');
    assert.equal(r.status, 422);
    assert.deepEqual(r.body.errors, { customer_number: ['The customer is still referenced by projects (1).'] });
    assert.equal((await c.get('/customers/K-1')).status, 200);
    assert.equal((await c.delete(`/projects/${project.body.data.id}`)).status, 204);
    assert.equal((await c.delete('/customers/K-1')).status, 204);
  });

  test('a department used by customers cannot be deleted', async () => {
    const c = await t().tenant();
    const dep = (await c.post('/departments', { name: 'Sales' })).body.data;
    await c.post('/customers', { ...base, department_id: dep.id });
    const r = await c.delete(`/departments/${dep.id}`);
    assert.equal(r.status, 422);
    assert.match(r.body.errors.id[0], /customers/);
  });
});
