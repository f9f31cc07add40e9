// /receipt-types (additive master data): name as key, tax_rates, default_payment_method; renames follow
// into receipts; a type in use cannot be deleted.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { forEachDialect } from '../../support/app.js';
import { createReceipt, receiptWorld } from '../../support/receipts.js';

forEachDialect('receipt types', (t) => {
  test('create, read by name, list, PATCH/PUT only submitted fields', async () => {
    const c = await t().tenant();
    const r = await c.post('/receipt-types', {
      name: 'Fahrkarte',
      description: 'Bahn, Bus',
      tax_rates: [7, 19],
      default_payment_method: 'privat',
    });
    assert.equal(r.status, 201, r.text);
    const { created, modified, ...rest } = r.body.data;
    assert.deepEqual(rest, {
      name: 'Fahrkarte',
      description: 'Bahn, Bus',
      tax_rates: [7, 19],
      default_payment_method: 'privat',
      created_by: null,
      modified_by: null,
    });
    assert.match(created, /T\d{2}:\d{2}:\d{2}\.000000Z$/);
    assert.deepEqual((await c.get('/receipt-types/Fahrkarte')).body.data, r.body.data);
    await c.post('/receipt-types', { name: 'Bewirtung' });
    assert.deepEqual(
      (await c.get('/receipt-types')).body.data.map((x: any) => [x.name, x.tax_rates]),
      [
        ['Bewirtung', []],
        ['Fahrkarte', [7, 19]],
      ],
    );
    const p = await c.patch('/receipt-types/Fahrkarte', { tax_rates: [7] });
    assert.deepEqual([p.body.data.tax_rates, p.body.data.description], [[7], 'Bahn, Bus']);
    const put = await c.put('/receipt-types/Fahrkarte', { default_payment_method: null });
    assert.equal(put.body.data.default_payment_method, null);
    assert.equal((await c.get('/receipt-types/Unbekannt')).status, 404);
  });

  test('bad input is 422 on its field; names are unique', async () => {
    const c = await t().tenant();
    await c.post('/receipt-types', { name: 'A' });
    for (const [body, field] of [
      [{ name: 'A' }, 'name'],
      [{ name: '' }, 'name'],
      [{ name: 'B', tax_rates: [101] }, 'tax_rates.0'],
      [{ name: 'B', tax_rates: [19, 19] }, 'tax_rates'],
      [{ name: 'B', tax_rates: 'x' }, 'tax_rates'],
    ] as const) {
      const r = await c.post('/receipt-types', body);
      assert.equal(r.status, 422, r.text);
      assert.ok(r.body.errors[field], `${field}: ${r.text}`);
    }
    assert.deepEqual(Object.keys((await c.patch('/receipt-types/A', { name: 'A', tax_rates: [-1] })).body.errors), [
      'tax_rates.0',
    ]);
  });

  test('a rename follows into the receipts; a type in use cannot be deleted (422 on name), an unused one can', async () => {
    const w = await receiptWorld(t());
    const receipt = await createReceipt(w);
    const renamed = await w.c.patch(`/receipt-types/${encodeURIComponent(w.type)}`, { name: 'Hotel' });
    assert.equal(renamed.status, 200, renamed.text);
    assert.equal((await w.c.get(`/receipts/${receipt.id}`)).body.data.receipt_type_id, 'Hotel');
    const d = await w.c.delete('/receipt-types/Hotel');
    assert.equal(d.status, 422, d.text);
    assert.deepEqual(Object.keys(d.body.errors), ['name']);
    await w.c.post('/receipt-types', { name: 'Leer' });
    assert.equal((await w.c.delete('/receipt-types/Leer')).status, 204);
    assert.equal((await w.c.get('/receipt-types/Leer')).status, 404);
  });
});
