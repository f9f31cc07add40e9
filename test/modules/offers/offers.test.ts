// /offers: header fields (docs/api/commercial.md), references (a contact of another customer is 422), list filters
// (id[], customer_id, status) and sorting, totals on the header, delete with items, tenant isolation.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { forEachDialect } from '../../support/app.js';
import { createProject, ids } from '../../support/projects.js';
import { addItem, createContact, createCustomer, createOffer } from '../../support/commercial.js';

forEachDialect('offers', (t) => {
  test('create answers 201 with the header fields; dates at midnight, contact id as text, status with status_since', async () => {
    const c = await t().tenant();
    const customer = await createCustomer(c);
    const contact = await createContact(c, customer);
    const r = await c.post('/offers', {
      title: 'Website relaunch',
      customer_id: customer,
      customer_contact_id: contact,
      valid_until: '2024-12-31',
      order_date: '2024-11-01',
      realization_from: '2025-01-01',
      realization_until: '2025-03-31',
      default_validity: 30,
      order_probability_percent: 75.5,
      is_net: true,
    });
    assert.equal(r.status, 201, r.text);
    const o = r.body.data;
    assert.equal(o.title, 'Website relaunch');
    assert.deepEqual(o.status, { id: 1, name: 'Draft' });
    assert.match(o.status_since, /\.000000Z$/);
    assert.equal(o.valid_until, '2024-12-31T00:00:00.000000Z');
    assert.equal(o.realization_until, '2025-03-31T00:00:00.000000Z');
    assert.equal(o.customer_id, customer);
    assert.equal(o.customer_contact_id, String(contact));
    assert.deepEqual([o.default_validity, o.order_probability_percent, o.is_net, o.items_count], [30, 75.5, true, 0]);
    assert.deepEqual([o.total_net, o.total_vat, o.total_gross], [0, 0, 0]);
    assert.deepEqual((await c.get(`/offers/${o.id}`)).body.data, o);
  });

  test('unknown references, a contact of another customer and reversed realization dates are 422; nothing is written', async () => {
    const c = await t().tenant();
    const a = await createCustomer(c);
    const b = await createCustomer(c);
    const contactOfB = await createContact(c, b);
    const wrong = await c.post('/offers', { customer_id: a, customer_contact_id: contactOfB });
    assert.equal(wrong.status, 422);
    assert.deepEqual(Object.keys(wrong.body.errors), ['customer_contact_id']);
    const r = await c.post('/offers', {
      customer_id: 'nope',
      processor_username: 'ghost',
      project_id: 999999,
      realization_from: '2025-02-01',
      realization_until: '2025-01-01',
    });
    assert.equal(r.status, 422);
    assert.deepEqual(Object.keys(r.body.errors).sort(), [
      'customer_id',
      'processor_username',
      'project_id',
      'realization_until',
    ]);
    assert.equal((await c.post('/offers', { customer_contact_id: contactOfB })).status, 422);
    assert.equal((await c.post('/offers', { status: 9 })).status, 422);
    assert.equal((await c.post('/offers', { valid_until: '2024-02-30' })).status, 422);
    assert.equal((await c.get('/offers')).body.meta.total, 0);
  });

  test('PATCH/PUT change only what is sent; a new status moves status_since; changing the customer re-checks the contact', async () => {
    const c = await t().tenant();
    const a = await createCustomer(c);
    const b = await createCustomer(c);
    const contact = await createContact(c, a);
    const o = await createOffer(c, { customer_id: a, customer_contact_id: contact });
    const p = await c.patch(`/offers/${o.id}`, { title: 'Renamed' });
    assert.equal(p.status, 200, p.text);
    assert.deepEqual(
      [p.body.data.title, p.body.data.customer_contact_id, p.body.data.status_since],
      ['Renamed', String(contact), o.status_since],
    );
    const s = await c.put(`/offers/${o.id}`, { status: { id: 3, name: 'Accepted' } });
    assert.deepEqual(s.body.data.status, { id: 3, name: 'Accepted' });
    assert.equal((await c.patch(`/offers/${o.id}`, { customer_id: b })).status, 422);
    const moved = await c.patch(`/offers/${o.id}`, { customer_id: b, customer_contact_id: null });
    assert.deepEqual([moved.body.data.customer_id, moved.body.data.customer_contact_id], [b, null]);
  });

  test('list: id[] (up to 100), customer_id and status filter; orderBy is honoured', async () => {
    const c = await t().tenant();
    const customer = await createCustomer(c);
    const o1 = await createOffer(c, { title: 'b', customer_id: customer });
    const o2 = await createOffer(c, { title: 'a', status: 2 });
    const o3 = await createOffer(c, { title: 'c', customer_id: customer, status: 2 });
    assert.deepEqual(ids((await c.get('/offers')).body), [o1.id, o2.id, o3.id]);
    assert.deepEqual(ids((await c.get('/offers?orderBy=title')).body), [o2.id, o1.id, o3.id]);
    assert.deepEqual(ids((await c.get('/offers?orderBy=title&order=desc')).body), [o3.id, o1.id, o2.id]);
    assert.deepEqual(ids((await c.get(`/offers?id[]=${o1.id}&id[]=${o3.id}`)).body), [o1.id, o3.id]);
    assert.deepEqual(ids((await c.get(`/offers?id[]=${o2.id}`)).body), [o2.id]);
    assert.deepEqual(ids((await c.get(`/offers?customer_id=${customer}`)).body), [o1.id, o3.id]);
    assert.deepEqual(ids((await c.get(`/offers?customer_id=${customer}&status=2`)).body), [o3.id]);
    const many = Array.from({ length: 101 }, (_, i) => `id[]=${i + 1}`).join('&');
    assert.equal((await c.get(`/offers?${many}`)).status, 422);
    assert.equal((await c.get('/offers?id[]=x')).status, 422);
  });

  test('header totals and items_count in list and detail; delete takes the items; another tenant sees 404', async () => {
    const c = await t().tenant();
    const o = await createOffer(c);
    await addItem(c, o.id, { type: 'Pauschal', quantity: 2, single_price: 100, vat: 19 });
    await addItem(c, o.id, { type: 'Pauschal', quantity: 1, single_price: 50, vat: 7 });
    const d = (await c.get(`/offers/${o.id}`)).body.data;
    assert.deepEqual([d.items_count, d.total_net, d.total_vat, d.total_gross], [2, 250, 41.5, 291.5]);
    assert.deepEqual((await c.get('/offers')).body.data[0], d);
    const other = await t().tenant();
    assert.equal((await other.get(`/offers/${o.id}`)).status, 404);
    assert.equal((await other.delete(`/offers/${o.id}`)).status, 404);
    assert.equal((await c.delete(`/offers/${o.id}`)).status, 204);
    assert.equal((await c.get(`/offers/${o.id}`)).status, 404);
    assert.equal((await c.get(`/offers/${o.id}/items`)).status, 404);
  });

  test('a customer or project still named by offers, invoices or invoice items is not deleted (422 naming them)', async () => {
    const c = await t().tenant();
    const customer = await createCustomer(c);
    const project = await createProject(c);
    await createOffer(c, { customer_id: customer, project_id: project.id });
    assert.equal((await c.post('/invoices', { customer_number: customer })).status, 201);
    assert.equal((await c.post('/invoice-items', { project_id: project.id, customer_number: customer })).status, 201);
    const byCustomer = await c.delete(`/customers/${customer}`);
    assert.equal(byCustomer.status, 422, byCustomer.text);
    const named = (r: { body: any }) =>
      Object.values(r.body.errors)
        .flat()
        .map((m) => String(m).match(/(offers|invoices|invoice items) \(1\)/)?.[1]);
    assert.deepEqual(named(byCustomer), ['offers', 'invoices', 'invoice items']);
    const byProject = await c.delete(`/projects/${project.id}`);
    assert.equal(byProject.status, 422, byProject.text);
    assert.deepEqual(named(byProject), ['offers', 'invoice items']);
  });
});
