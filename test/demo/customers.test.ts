// The demo customers step: what a client of the demo tenant sees.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { forEachDialect } from '../support/app.js';
import { demoCustomers } from '../../src/demo/customers.js';
import { forTenant } from '../../src/db/tenant-scope.js';

forEachDialect('customers: demo data', (t) => {
  test('demo customers come with addresses, contacts, a category, base and customer price tables', async () => {
    const c = await t().tenant();
    await demoCustomers(forTenant(t().database.db, c.tenant.id), c.tenant);
    await demoCustomers(forTenant(t().database.db, c.tenant.id), c.tenant); // a second run adds nothing
    const list = await c.get('/customers');
    assert.deepEqual(
      list.body.data.map((x: any) => [x.customer_number, x.inactive]),
      [
        ['1001', false],
        ['1002', false],
        ['1003', true],
      ],
    );
    assert.deepEqual(
      list.body.data.map((x: any) => x.contacts_count),
      [2, 1, 0],
    );
    const own = (await c.get('/customers/1001')).body.data;
    assert.equal(own.addresses.length, 2);
    assert.deepEqual(
      own.categories.map((x: any) => x.name),
      ['Key account'],
    );
    assert.deepEqual(
      own.priceTables.map((x: any) => x.type.id),
      ['customer'],
    );
    assert.deepEqual(
      (await c.get('/customers/1002')).body.data.priceTables.map((x: any) => x.type.id),
      ['base'],
    );
    assert.equal((await c.get('/price-tables')).body.data[0].prices.length, 3);
  });
});
