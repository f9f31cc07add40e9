// A project's contact and address fields name a contact or address of the project's customer, in the
// tenant, on POST and PATCH (422 on the field otherwise; nothing is written).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { forEachDialect, type Client } from '../../support/app.js';

async function customerWithParts(c: Client, number: string) {
  const r = await c.post('/customers', {
    customer_number: number,
    name: `Customer ${number}`,
    currency: 'EUR',
    addresses: [{ name: 'Billing', city: 'Berlin' }],
  });
  assert.equal(r.status, 201, r.text);
  const contact = await c.post(`/customers/${number}/contacts`, { first_name: 'Ada', last_name: 'Lovelace' });
  assert.equal(contact.status, 201, contact.text);
  return { address: String(r.body.data.addresses[0].id), contact: String(contact.body.data.id) };
}

forEachDialect('projects: customer references', (t) => {
  test('PATCH refuses contact and address ids that are not the customer’s; accepts the customer’s own', async () => {
    const c = await t().tenant();
    const own = await customerWithParts(c, 'K-1');
    const other = await customerWithParts(c, 'K-2');
    const p = await c.post('/projects', { name: 'Referencing', customer_id: 'K-1' });
    assert.equal(p.status, 201, p.text);
    const path = `/projects/${p.body.data.id}`;
    for (const [field, value] of [
      ['customer_billing_address_id', '999'],
      ['customer_shipping_address_id', other.address],
      ['customer_contact_id', 'abc'],
      ['customer_contact_id', other.contact],
    ] as const) {
      const r = await c.patch(path, { [field]: value });
      assert.equal(r.status, 422, `${field}=${value}: ${r.text}`);
      assert.deepEqual(Object.keys(r.body.errors), [field]);
    }
    const stored = (await c.get(path)).body.data;
    assert.deepEqual(
      [stored.customer_contact_id, stored.customer_billing_address_id, stored.customer_shipping_address_id],
      [null, null, null],
    );
    const ok = await c.patch(path, {
      customer_contact_id: own.contact,
      customer_billing_address_id: own.address,
      customer_shipping_address_id: Number(own.address),
    });
    assert.equal(ok.status, 200, ok.text);
    assert.deepEqual(
      [ok.body.data.customer_contact_id, ok.body.data.customer_billing_address_id],
      [own.contact, own.address],
    );
    // Moving the project to another customer while it keeps K-1's contact: 422 on the fields that no longer fit.
    const moved = await c.patch(path, { customer_id: 'K-2' });
    assert.equal(moved.status, 422, moved.text);
    assert.deepEqual(Object.keys(moved.body.errors).sort(), [
      'customer_billing_address_id',
      'customer_contact_id',
      'customer_shipping_address_id',
    ]);
    const together = await c.patch(path, {
      customer_id: 'K-2',
      customer_contact_id: other.contact,
      customer_billing_address_id: null,
      customer_shipping_address_id: null,
    });
    assert.equal(together.status, 200, together.text);
  });

  test('POST checks them too; without a customer they must be null', async () => {
    const c = await t().tenant();
    const own = await customerWithParts(c, 'K-3');
    const none = await c.post('/projects', { name: 'No customer', customer_contact_id: own.contact });
    assert.equal(none.status, 422);
    assert.deepEqual(Object.keys(none.body.errors), ['customer_contact_id']);
    const bad = await c.post('/projects', { name: 'Bad', customer_id: 'K-3', customer_billing_address_id: '0' });
    assert.deepEqual([bad.status, Object.keys(bad.body.errors)], [422, ['customer_billing_address_id']]);
    const good = await c.post('/projects', { name: 'Good', customer_id: 'K-3', customer_contact_id: own.contact });
    assert.equal(good.status, 201, good.text);
  });
});
