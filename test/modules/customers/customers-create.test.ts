// POST /customers and GET /customers/{customer}: body rules, defaults, 422 bodies, status/inactive precedence,
// deprecation headers, nested addresses and managers, price tables (own, otherwise base), tenant isolation.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { forEachDialect } from '../../support/app.js';
import { seedEmployee, seedPriceTable } from '../../support/seed.js';

const base = { customer_number: 'K-1', name: 'ACME', currency: 'EUR' };

forEachDialect('customers: create and detail', (t) => {
  test('create answers 201 with the contract shape: vat as 4-decimal text, payment_target as string, standard department', async () => {
    const c = await t().tenant();
    const r = await c.post('/customers', {
      ...base,
      vat: 19,
      payment_target: 30,
      payment_target_discount: 10,
      email: 'a@b.de',
      billing_procedure: true,
    });
    assert.equal(r.status, 201, r.text);
    const d = r.body.data;
    assert.equal(d.customer_number, 'K-1');
    assert.equal(d.vat, '19.0000');
    assert.equal(d.payment_target, '30');
    assert.equal(d.payment_target_discount, 10);
    assert.equal(d.inactive, false);
    assert.deepEqual(d.status, { value: 1, label: 'Active' });
    assert.equal(d.billing_procedure, true);
    assert.equal(d.debit_payment, null);
    const depts = await c.get('/departments');
    assert.equal(d.department_id, depts.body.data.find((x: any) => x.is_standard).id);
    for (const k of ['addresses', 'managers', 'categories', 'dynamicAttributes', 'priceTables'])
      assert.deepEqual(d[k], [], k);
    for (const k of ['addresses_count', 'contacts_count']) assert.equal(k in d, false);
    assert.match(d.created, /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.000000Z$/);
    assert.deepEqual((await c.get('/customers/K-1')).body.data, d);
  });

  test('missing required fields and bad values answer 422 naming each field', async () => {
    const c = await t().tenant();
    const r = await c.post('/customers', {
      email: 'nope',
      vat: 101,
      currency: 'eur',
      website: 'x'.repeat(121),
      payment_target: -1,
    });
    assert.equal(r.status, 422);
    for (const f of ['customer_number', 'name', 'currency', 'email', 'vat', 'website', 'payment_target'])
      assert.ok(r.body.errors[f], f);
    const unknown = await c.post('/customers', { ...base, currency: 'ABC' });
    assert.deepEqual(Object.keys(unknown.body.errors), ['currency']);
  });

  test('a duplicate customer number is 422 on customer_number', async () => {
    const c = await t().tenant();
    assert.equal((await c.post('/customers', base)).status, 201);
    const dup = await c.post('/customers', { ...base, name: 'Other' });
    assert.equal(dup.status, 422);
    assert.deepEqual(Object.keys(dup.body.errors), ['customer_number']);
  });

  test('unknown department, categories, dynamic attributes and manager usernames are 422 on their fields', async () => {
    const c = await t().tenant();
    const r = await c.post('/customers', {
      ...base,
      department_id: 99999,
      categories: ['Nope'],
      dynamicAttributes: [{ name: 'missing', value: 1 }],
      managers: [{ username: 'ghost' }],
    });
    assert.equal(r.status, 422);
    assert.deepEqual(Object.keys(r.body.errors).sort(), [
      'categories',
      'department_id',
      'dynamicAttributes',
      'managers.0.username',
    ]);
    assert.equal((await c.get('/customers/K-1')).status, 404);
  });

  test('inactive wins over status on create, in both directions; status alone applies; unparseable status is ignored', async () => {
    const c = await t().tenant();
    const cases: [object, boolean][] = [
      [{ inactive: true, status: 1 }, true],
      [{ inactive: false, status: 0 }, false],
      [{ status: 0 }, true],
      [{ status: '1' }, false],
      [{ status: 'abc' }, false],
      [{ inactive: null, status: 0 }, true],
    ];
    for (const [i, [body, inactive]] of cases.entries()) {
      const r = await c.post('/customers', { ...base, customer_number: `S${i}`, ...body });
      assert.equal(r.status, 201, r.text);
      assert.equal(r.body.data.inactive, inactive, JSON.stringify(body));
      assert.deepEqual(r.body.data.status, { value: inactive ? 0 : 1, label: inactive ? 'Inactive' : 'Active' });
    }
  });

  test('the status label follows the tenant language', async () => {
    const c = await t().tenant({ language: 'de' });
    const r = await c.post('/customers', { ...base, inactive: true });
    assert.deepEqual(r.body.data.status, { value: 0, label: 'Inaktiv' });
  });

  test('responses carrying status have Deprecation, Sunset and Link headers', async () => {
    const c = await t().tenant();
    const created = await c.post('/customers', base);
    for (const r of [
      created,
      await c.get('/customers/K-1'),
      await c.get('/customers'),
      await c.patch('/customers/K-1', { name: 'X' }),
    ]) {
      assert.ok(r.headers.deprecation, 'Deprecation');
      assert.equal(r.headers.sunset, 'Tue, 31 Aug 2027 00:00:00 GMT');
      assert.match(String(r.headers.link), /rel="deprecation"/);
    }
  });

  test('addresses and managers are created nested and returned on the detail', async () => {
    const c = await t().tenant();
    const e = await seedEmployee(t().database.db, c.tenant.id, { username: 'anna' });
    const r = await c.post('/customers', {
      ...base,
      addresses: [
        { name: 'ACME HQ', city: 'Berlin', country_code: 'DE', is_default: true, machine_readable_invoice_version: 1 },
      ],
      managers: [{ username: e.username, is_primary_employee: true }],
    });
    assert.equal(r.status, 201, r.text);
    const a = r.body.data.addresses[0];
    assert.equal(a.name, 'ACME HQ');
    assert.equal(a.is_default, true);
    assert.equal(a.is_billing_address, null);
    assert.deepEqual(a.machine_readable_invoice_version, { id: 1, name: 'ZUGFeRD1' });
    assert.deepEqual(r.body.data.managers, [
      {
        username: 'anna',
        has_edit_customer_data_permission: null,
        has_budget_responsibility_permission: null,
        is_primary_employee: true,
      },
    ]);
    const bad = await c.post('/customers', {
      ...base,
      customer_number: 'K-2',
      addresses: [{ city: 'x', country_code: 'Deutschland' }],
    });
    assert.deepEqual(Object.keys(bad.body.errors).sort(), ['addresses.0.country_code']);
    const noName = await c.post('/customers', { ...base, customer_number: 'K-2', addresses: [{ city: 'x' }] });
    assert.deepEqual(Object.keys(noName.body.errors), ['addresses.0.name']);
  });

  test('priceTables are the customer own tables, otherwise the base tables', async () => {
    const c = await t().tenant();
    const db = t().database.db;
    await seedPriceTable(db, c.tenant.id, { level: 'base' }, [{ price: 90 }]);
    await c.post('/customers', base);
    await c.post('/customers', { ...base, customer_number: 'K-2' });
    await seedPriceTable(db, c.tenant.id, { level: 'customer', customer_number: 'K-2' }, [{ price: 120 }]);
    const one = (await c.get('/customers/K-1')).body.data.priceTables;
    assert.deepEqual(
      one.map((p: any) => [p.type.id, p.prices[0].price]),
      [['base', 90]],
    );
    const two = (await c.get('/customers/K-2')).body.data.priceTables;
    assert.deepEqual(
      two.map((p: any) => [p.type.id, p.customer_number, p.prices[0].price]),
      [['customer', 'K-2', 120]],
    );
  });

  test('categories and dynamic attributes are stored by name and returned', async () => {
    const c = await t().tenant();
    await c.post('/categories', { name: 'VIP', type: 'customer' });
    await c.post('/dynamic-attributes', { name: 'rating', type: 'Integer', entity_type: 'customer' });
    const r = await c.post('/customers', { ...base, categories: ['VIP'], dynamicAttributes: [{ rating: 5 }] });
    assert.equal(r.status, 201, r.text);
    assert.deepEqual(
      r.body.data.categories.map((x: any) => x.name),
      ['VIP'],
    );
    assert.deepEqual(
      r.body.data.dynamicAttributes.map((x: any) => [x.name, x.value]),
      [['rating', 5]],
    );
  });

  test("another tenant's customer is 404 on every customer route", async () => {
    const a = await t().tenant();
    const b = await t().tenant();
    await a.post('/customers', base);
    assert.equal((await b.get('/customers/K-1')).status, 404);
    assert.equal((await b.patch('/customers/K-1', { name: 'x' })).status, 404);
    assert.equal((await b.delete('/customers/K-1')).status, 404);
    assert.equal((await b.get('/customers/K-1/contacts')).status, 404);
    assert.equal((await b.get('/customers')).body.meta.total, 0);
  });
});
