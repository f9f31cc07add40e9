// /offers/{id}/items: contract field types, the type (id or name) deciding fields and unit, page-only listing,
// and the totals: integer-cent rounding, amount_deviating_net, surcharges in percent, alternatives, VAT per rate.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { forEachDialect } from '../../support/app.js';
import { addItem, createOffer } from '../../support/commercial.js';

forEachDialect('offer items', (t) => {
  test('an item has the contract fields and types; type by id or name, the unit derived from it', async () => {
    const c = await t().tenant();
    const o = await createOffer(c);
    const item = await addItem(c, o.id, {
      type: 'aufwand',
      position: '1.1',
      label: 'Development',
      description: '<p>Work</p>',
      quantity: 12.5,
      single_price: 95.1234,
      vat: 19,
      expenditure_billing_type: 'Tagessatz',
      receipts_mileage_money: 10.5,
      additional_meal_expenses: 3,
      display_calculation: false,
      sort_order: 3,
    });
    assert.equal(item.offer_id, o.id);
    assert.deepEqual(item.type, { id: 'aufwand', name: 'Expenditure' });
    assert.deepEqual([item.position, item.label, item.description], ['1.1', 'Development', '<p>Work</p>']);
    assert.deepEqual([item.quantity, item.single_price, item.vat, item.unit], [12.5, 95.1234, 19, 'Tage']);
    assert.deepEqual(item.expenditure_billing_type, { id: 'tsatz', name: 'Daily rate' });
    assert.deepEqual(
      [item.receipts_mileage_money, item.additional_meal_expenses, item.amount_deviating_net],
      [10.5, 3, null],
    );
    assert.deepEqual(
      [item.display_calculation, item.display_total, item.is_alternative, item.sort_order, item.article_id],
      [false, true, false, 3, null],
    );
    assert.equal(item.total_net, 1202.54); // 12.5 × 95.1234 = 1189.0425 -> 1189.04, + 10.50 + 3.00
    assert.deepEqual((await c.get(`/offers/${o.id}/items/${item.id}`)).body.data, item);
    const g = await addItem(c, o.id, { type: { id: 'gruppierung', name: 'Gliederung' }, label: 'Phase 1' });
    assert.deepEqual(
      [g.type.name, g.unit, g.quantity, g.single_price, g.vat, g.total_net],
      ['Gliederung', null, 0, 0, null, 0],
    );
    const s = await addItem(c, o.id, { type: 'Surcharge in percent', quantity: 10 });
    assert.equal(s.unit, '%');
  });

  test('fields that do not apply to the type, a missing or unknown article, too many decimals and unknown types are 422', async () => {
    const c = await t().tenant();
    const o = await createOffer(c);
    const g = await c.post(`/offers/${o.id}/items`, { type: 'Gliederung', single_price: 10, quantity: 1 });
    assert.equal(g.status, 422);
    assert.deepEqual(Object.keys(g.body.errors).sort(), ['quantity', 'single_price']);
    assert.ok((await c.post(`/offers/${o.id}/items`, { type: 'Artikel', quantity: 1 })).body.errors.article_id);
    assert.ok((await c.post(`/offers/${o.id}/items`, { type: 'artikel', article_id: 999999 })).body.errors.article_id);
    assert.ok(
      (await c.post(`/offers/${o.id}/items`, { type: 'Pauschal', expenditure_billing_type: 'basehour' })).body.errors
        .expenditure_billing_type,
    );
    assert.ok((await c.post(`/offers/${o.id}/items`, { type: 'Pauschal', quantity: 1.00001 })).body.errors.quantity);
    assert.ok(
      (await c.post(`/offers/${o.id}/items`, { type: 'Pauschal', amount_deviating_net: 1.001 })).body.errors
        .amount_deviating_net,
    );
    assert.ok((await c.post(`/offers/${o.id}/items`, { type: 'Pauschal', vat: 101 })).body.errors.vat);
    assert.ok((await c.post(`/offers/${o.id}/items`, { type: 'Stundenzettel' })).body.errors.type);
    assert.ok((await c.post(`/offers/${o.id}/items`, {})).body.errors.type);
    assert.equal((await c.get(`/offers/${o.id}`)).body.data.items_count, 0);
  });

  test('an Artikel item names an existing article, which then cannot be deleted; an invoice item likewise', async () => {
    const c = await t().tenant();
    const o = await createOffer(c);
    const article = (
      await c.post('/articles', { article_number: 'A-1', name: 'Licence', unit: 'Lizenz', unit_price: 100 })
    ).body.data;
    const it = await addItem(c, o.id, {
      type: 'Artikel',
      article_id: article.id,
      quantity: 2,
      single_price: 100,
      vat: 19,
    });
    assert.deepEqual([it.article_id, it.total_net, it.unit], [article.id, 200, 'Lizenz'], "the article's own unit");
    const bare = (await c.post('/articles', { article_number: 'A-2', name: 'Cable' })).body.data;
    const other = await addItem(c, o.id, { type: 'Artikel', article_id: bare.id, quantity: 1, single_price: 5 });
    assert.equal(other.unit, 'Stück', 'an article without a unit: Stück');
    await c.patch(`/articles/${article.id}`, { unit: 'Paket' });
    const listed = (await c.get(`/offers/${o.id}/items`)).body.data;
    assert.deepEqual(
      listed.map((i: { unit: string }) => i.unit),
      ['Paket', 'Stück'],
      'the unit follows the article',
    );
    await c.delete(`/offers/${o.id}/items/${other.id}`);
    await c.delete(`/articles/${bare.id}`);
    const refused = await c.delete(`/articles/${article.id}`);
    assert.equal(refused.status, 422);
    assert.match(refused.body.message, /offer items/);
    await c.delete(`/offers/${o.id}/items/${it.id}`);
    const invoiceItem = (await c.post('/invoice-items', { article_id: article.id })).body.data;
    assert.match((await c.delete(`/articles/${article.id}`)).body.message, /invoice items/);
    await c.delete(`/invoice-items/${invoiceItem.id}`);
    assert.equal((await c.delete(`/articles/${article.id}`)).status, 204);
  });

  test('PATCH changes what is sent; a new type clears the fields it does not use; DELETE; other offers and tenants 404', async () => {
    const c = await t().tenant();
    const o = await createOffer(c);
    const other = await createOffer(c);
    const item = await addItem(c, o.id, {
      type: 'Expenditure',
      quantity: 2,
      single_price: 50,
      expenditure_billing_type: 'basehour',
      vat: 19,
    });
    const p = await c.patch(`/offers/${o.id}/items/${item.id}`, { label: 'Hours' });
    assert.deepEqual([p.body.data.label, p.body.data.quantity, p.body.data.unit], ['Hours', 2, 'Stunden']);
    const g = await c.put(`/offers/${o.id}/items/${item.id}`, { type: 'Gliederung' });
    assert.equal(g.status, 200, g.text);
    assert.deepEqual(
      [g.body.data.quantity, g.body.data.single_price, g.body.data.vat, g.body.data.expenditure_billing_type],
      [0, 0, null, null],
    );
    assert.equal((await c.get(`/offers/${other.id}/items/${item.id}`)).status, 404);
    assert.equal((await (await t().tenant()).get(`/offers/${o.id}/items/${item.id}`)).status, 404);
    assert.equal((await c.delete(`/offers/${o.id}/items/${item.id}`)).status, 204);
    assert.equal((await c.get(`/offers/${o.id}/items/${item.id}`)).status, 404);
  });

  test('the list takes page only: limit and orderBy are ignored, 15 per page in sort_order (unset last), then id', async () => {
    const c = await t().tenant();
    const o = await createOffer(c);
    const made = [];
    for (let i = 0; i < 16; i++)
      made.push(await addItem(c, o.id, { type: 'Pauschal', sort_order: i === 0 ? 99 : null, label: `#${i}` }));
    // made[0] has a sort_order, the rest none: it comes first, the others follow by id.
    const first = (await c.get(`/offers/${o.id}/items?limit=2&orderBy=label&order=desc`)).body;
    assert.equal(first.meta.per_page, 15);
    assert.equal(first.meta.total, 16);
    assert.deepEqual(
      first.data.map((x: any) => x.id),
      made.slice(0, 15).map((x) => x.id),
    );
    const second = (await c.get(`/offers/${o.id}/items?page=2&limit=500`)).body;
    assert.deepEqual(
      second.data.map((x: any) => x.id),
      [made[15].id],
    );
  });

  test('totals in integer cents: rounding half away from zero, 0.1 + 0.2, overrides, surcharges, alternatives, VAT per rate', async () => {
    const c = await t().tenant();
    const o = await createOffer(c);
    const totals = async () => {
      const d = (await c.get(`/offers/${o.id}`)).body.data;
      return [d.total_net, d.total_vat, d.total_gross];
    };
    const a = await addItem(c, o.id, { type: 'Pauschal', quantity: 1, single_price: 1.005, vat: 19 });
    assert.equal(a.total_net, 1.01); // binary floating point would give 1.00
    await c.delete(`/offers/${o.id}/items/${a.id}`);
    await addItem(c, o.id, { type: 'Pauschal', quantity: 1, single_price: 0.1, vat: 0 });
    await addItem(c, o.id, { type: 'Pauschal', quantity: 1, single_price: 0.2, vat: 0 });
    assert.deepEqual(await totals(), [0.3, 0, 0.3]);
    // Three items of 0.02 at 19 %: VAT per rate is 0.0114 -> 0.01 (per item it would round to 0.00 three times).
    for (let i = 0; i < 3; i++) await addItem(c, o.id, { type: 'Pauschal', quantity: 1, single_price: 0.02, vat: 19 });
    assert.deepEqual(await totals(), [0.36, 0.01, 0.37]);
    const third = await addItem(c, o.id, { type: 'Pauschal', quantity: 3, single_price: 0.3333, vat: 0 });
    assert.equal(third.total_net, 1); // 0.9999 -> 1.00
    await addItem(c, o.id, {
      type: 'Fixed price (free)',
      quantity: 1,
      single_price: 999,
      amount_deviating_net: 100.5,
      vat: 7,
    });
    await addItem(c, o.id, { type: 'Pauschal', quantity: 1, single_price: 5000, is_alternative: true, vat: 19 });
    // net: 0.3 + 0.06 + 1.00 + 100.50 = 101.86; VAT: 0.01 + 7.035 -> 7.04
    assert.deepEqual(await totals(), [101.86, 7.05, 108.91]);
    const surcharge = await addItem(c, o.id, { type: 'zuschlag_prozent', quantity: 10, vat: 19 });
    assert.equal(surcharge.total_net, 10.19); // 10 % of 101.86 = 10.186 -> 10.19; the alternative is left out
    assert.deepEqual(await totals(), [112.05, 8.99, 121.04]);
    const items = (await c.get(`/offers/${o.id}/items`)).body.data;
    assert.equal(items.find((x: any) => x.is_alternative).total_net, 5000);
  });
});
