// The demo's commercial side: an offer with items (one alternative) and totals, a Billed invoice whose
// bookings are locked and whose document makes creator_username visible, and a Draft invoice with one item that
// may still change.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { demoData } from '../../src/demo/index.js';
import { demoCommercial } from '../../src/demo/commercial.js';
import { forTenant } from '../../src/db/tenant-scope.js';
import { forEachDialect } from '../support/app.js';

forEachDialect('demo offers and invoices', (t) => {
  test('the demo has an offer with an alternative item, a billed invoice with locked bookings and a locked receipt, and a draft invoice', async () => {
    const c = await t().tenant({ language: 'en' });
    await demoData(t().database.db, c.tenant, t().dialect);
    await demoCommercial(forTenant(t().database.db, c.tenant.id), c.tenant, t().dialect); // a second run adds nothing
    const offers = (await c.get('/offers')).body.data;
    assert.equal(offers.length, 1);
    const items = (await c.get(`/offers/${offers[0].id}/items`)).body.data;
    assert.equal(items.filter((i: any) => i.is_alternative).length, 1);
    // 24 × 120 + 1500 = 4380, +10 % = 438 -> 4818 net, 19 % VAT 915.42
    assert.deepEqual([offers[0].total_net, offers[0].total_vat, offers[0].total_gross], [4818, 915.42, 5733.42]);
    const invoices = (await c.get('/invoices')).body.data;
    assert.deepEqual(
      invoices.map((i: any) => i.status.name),
      ['Billed', 'Draft'],
    );
    assert.ok(invoices[0].creator_username);
    const [item] = (await c.get(`/invoices/${invoices[0].invoice_number}/items`)).body.data;
    const linked = await t()
      .database.db.selectFrom('attendances')
      .select('id')
      .where('tenant_id', '=', c.tenant.id)
      .where('invoice_item_id', '=', item.id)
      .execute();
    assert.equal(linked.length, 2);
    const r = await c.patch(`/attendances/${linked[0].id}`, { note: 'x' });
    assert.equal(r.status, 422);
    assert.match(r.body.message, new RegExp(invoices[0].invoice_number));
    // Billing billed the item and the receipt: they read Billed, and the invoice amount is the item's gross.
    assert.deepEqual(
      [item.status, item.billed_amount, invoices[0].amount],
      [{ id: 2, name: 'Billed' }, '1200.00', item.gross_amount.toFixed(2)],
    );
    const receipt = (await c.get('/receipts')).body.data.find((x: any) => x.invoice_item_id === item.id);
    assert.ok(receipt, 'a receipt billed with the invoice');
    assert.deepEqual(receipt.billing_status, { id: 3, name: 'Billed' });
    assert.deepEqual(
      (await c.get('/receipts?billing_status[]=3')).body.data.map((x: any) => x.id),
      [receipt.id],
    );
    assert.match((await c.delete(`/receipts/${receipt.id}`)).body.message, new RegExp(invoices[0].invoice_number));
    // The draft invoice and its item may still change; nothing is billed with it.
    const draft = invoices[1];
    assert.equal((await c.patch(`/invoices/${draft.invoice_number}`, { title: 'Beratung Dezember' })).status, 200);
    const draftItems = (await c.get(`/invoices/${draft.invoice_number}/items`)).body.data;
    assert.equal(draftItems.length, 1);
    assert.equal(
      draft.amount,
      draftItems[0].gross_amount.toFixed(2),
      'the draft amount is its item gross (8 h × 120 + 19 %)',
    );
    assert.equal(
      (await c.patch(`/invoice-items/${draftItems[0].id}`, { description: 'Beratung Dezember' })).status,
      200,
    );
    const billedWithDraft = await t()
      .database.db.selectFrom('attendances')
      .select('id')
      .where('tenant_id', '=', c.tenant.id)
      .where('invoice_item_id', '=', draftItems[0].id)
      .execute();
    assert.equal(billedWithDraft.length, 0);
  });

  test('the demo has a customer folder with a project subfolder holding the offer document', async () => {
    const c = await t().tenant({ language: 'en' });
    await demoData(t().database.db, c.tenant, t().dialect);
    const folders = (await c.get('/folders')).body.data;
    assert.equal(folders.length, 2);
    const [top, sub] = folders;
    assert.deepEqual([top.parent_id, sub.parent_id, sub.name], [null, top.id, 'Angebote']);
    assert.ok(top.customer_id && sub.project_id);
    const docs = (await c.get(`/folders/${sub.id}/documents`)).body.data;
    assert.deepEqual(
      docs.map((d: any) => d.content_type),
      ['text/plain'],
    );
  });
});
