// Invoice items: one shape on three lists, filters (invoice_id, status[] as integers and a single status,
// planned_from/planned_to), the invoice named by number or id, amounts in cents, and items of Billed invoices locked.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { forEachDialect, type Client } from '../../support/app.js';
import { createProject, createTask, ids } from '../../support/projects.js';
import { createInvoice } from '../../support/commercial.js';

async function item(c: Client, body: Record<string, unknown>) {
  const r = await c.post('/invoice-items', body);
  assert.equal(r.status, 201, r.text);
  return r.body.data;
}

forEachDialect('invoice items', (t) => {
  test('an item has the union shape: decimal strings with the reference scales, computed numbers, enumerations', async () => {
    const c = await t().tenant();
    const project = await createProject(c);
    const task = await createTask(c, project.id);
    const inv = await createInvoice(c, { invoice_number: 'R-1' });
    const r = await item(c, {
      invoice_number: 'R-1',
      project_id: project.id,
      project_task_id: task.id,
      description: 'Consulting',
      quantity: 40,
      unit_price: '85.005',
      vat: 19,
      status: 1,
      kind: 1,
      planned_date: '2024-05-31',
      planned_amount: 3400,
      sorting: '1',
      unit: 'h',
      contains_working_hours: true,
    });
    assert.deepEqual(
      [r.invoice_id, r.invoice_number, r.project_id, r.project_task_id],
      [inv.id, 'R-1', project.id, task.id],
    );
    assert.deepEqual(
      [r.quantity, r.unit_price, r.vat, r.planned_amount, r.billed_amount],
      ['40.00000', '85.0050', '19.0000', '3400.00', null],
    );
    assert.deepEqual(
      [r.total_price, r.net_amount, r.tax_rate, r.tax_amount, r.gross_amount],
      [3400.2, 3400.2, 19, 646.04, 4046.24],
    );
    assert.deepEqual(
      [r.status, r.kind, r.type],
      [
        { id: 1, name: 'Approved' },
        { id: 1, name: 'Flat Rate' },
        { id: 0, name: 'Geplante' },
      ],
    );
    assert.deepEqual(
      [r.planned_date, r.currency, r.language, r.contains_working_hours, r.contains_receipts],
      ['2024-05-31T00:00:00.000000Z', 'EUR', 'de', true, null],
    );
    assert.deepEqual((await c.get(`/invoice-items/${r.id}`)).body.data, r);
    assert.deepEqual((await c.get('/invoices/R-1/items')).body.data, [r]);
    assert.deepEqual((await c.get(`/projects/${project.id}/invoice-items`)).body.data, [r]);
    const billed = await c.patch(`/invoice-items/${r.id}`, { billed_amount: '3400.00', status: 2 });
    assert.deepEqual(
      [billed.body.data.billed_amount, billed.body.data.total_price, billed.body.data.status.name],
      ['3400.00', 3400, 'Billed'],
    );
  });

  test('references and decimals are checked; the invoice by number or id must agree; nothing is written on 422', async () => {
    const c = await t().tenant();
    const p1 = await createProject(c);
    const p2 = await createProject(c);
    const taskOfP2 = await createTask(c, p2.id);
    const a = await createInvoice(c, { invoice_number: 'A' });
    await createInvoice(c, { invoice_number: 'B' });
    const r = await c.post('/invoice-items', {
      invoice_number: 'nope',
      project_id: 999999,
      customer_number: 'nope',
      quantity: 1.000001,
      vat: '19.00001',
      article_id: 5,
    });
    assert.equal(r.status, 422);
    assert.deepEqual(Object.keys(r.body.errors).sort(), [
      'article_id',
      'customer_number',
      'invoice_number',
      'project_id',
      'quantity',
      'vat',
    ]);
    assert.ok((await c.post('/invoice-items', { invoice_number: 'B', invoice_id: a.id })).body.errors.invoice_id);
    assert.ok(
      (await c.post('/invoice-items', { project_id: p1.id, project_task_id: taskOfP2.id })).body.errors.project_task_id,
    );
    assert.ok((await c.post('/invoice-items', { status: 4 })).body.errors.status);
    assert.ok((await c.post('/invoice-items', { from: '2024-02-01', to: '2024-01-01' })).body.errors.to);
    assert.equal((await c.get('/invoice-items')).body.meta.total, 0);
    const byId = await item(c, { invoice_id: a.id });
    assert.equal(byId.invoice_number, 'A');
    const moved = await c.patch(`/invoice-items/${byId.id}`, { invoice_number: 'B' });
    assert.equal(moved.body.data.invoice_number, 'B');
    assert.equal((await c.patch(`/invoice-items/${byId.id}`, { invoice_id: null })).body.data.invoice_id, null);
    assert.equal((await (await t().tenant()).get(`/invoice-items/${byId.id}`)).status, 404);
  });

  test('filters: invoice_id, status[] (integers) or a single status, planned_from/planned_to; per invoice and per project', async () => {
    const c = await t().tenant();
    const project = await createProject(c);
    const inv = await createInvoice(c, { invoice_number: 'F-1' });
    const i0 = await item(c, { status: 0, planned_date: '2024-01-10', project_id: project.id });
    const i1 = await item(c, { status: 1, planned_date: '2024-02-10', invoice_id: inv.id });
    const i2 = await item(c, { status: 2, planned_date: '2024-03-10', invoice_id: inv.id, project_id: project.id });
    const i3 = await item(c, { status: 3 });
    assert.deepEqual(ids((await c.get('/invoice-items')).body), [i0.id, i1.id, i2.id, i3.id]);
    assert.deepEqual(ids((await c.get(`/invoice-items?invoice_id=${inv.id}`)).body), [i1.id, i2.id]);
    assert.deepEqual(ids((await c.get('/invoice-items?status[]=0&status[]=2')).body), [i0.id, i2.id]);
    assert.deepEqual(ids((await c.get('/invoice-items?status[]=3')).body), [i3.id]);
    assert.deepEqual(ids((await c.get('/invoice-items?status=1')).body), [i1.id]);
    assert.deepEqual(ids((await c.get('/invoice-items?planned_from=2024-02-10&planned_to=2024-03-10')).body), [
      i1.id,
      i2.id,
    ]);
    assert.deepEqual(ids((await c.get('/invoice-items?planned_to=2024-02-09')).body), [i0.id]);
    assert.deepEqual(ids((await c.get('/invoices/F-1/items?status[]=2')).body), [i2.id]);
    assert.deepEqual(ids((await c.get(`/projects/${project.id}/invoice-items`)).body), [i0.id, i2.id]);
    assert.deepEqual(ids((await c.get(`/projects/${project.id}/invoice-items?planned_from=2024-03-01`)).body), [i2.id]);
    assert.equal((await c.get('/invoice-items?status[]=x')).status, 422);
    assert.equal((await c.get('/invoice-items?status[]=9')).status, 422);
    assert.equal((await c.get('/invoice-items?planned_from=')).status, 422);
    assert.equal((await c.get('/invoices/nope/items')).status, 404);
    assert.equal((await c.get('/projects/999999/invoice-items')).status, 404);
  });

  test('items of a Billed invoice cannot be added, changed, moved or deleted (422 naming the invoice)', async () => {
    const c = await t().tenant();
    await createInvoice(c, { invoice_number: 'L-1' });
    await createInvoice(c, { invoice_number: 'L-2' });
    const it = await item(c, { invoice_number: 'L-1', quantity: 1, unit_price: 10 });
    const free = await item(c, { quantity: 1 });
    assert.equal((await c.patch('/invoices/L-1', { status: 0 })).status, 200);
    for (const r of [
      await c.patch(`/invoice-items/${it.id}`, { quantity: 2 }),
      await c.patch(`/invoice-items/${it.id}`, { invoice_number: 'L-2' }),
      await c.delete(`/invoice-items/${it.id}`),
      await c.post('/invoice-items', { invoice_number: 'L-1' }),
      await c.patch(`/invoice-items/${free.id}`, { invoice_number: 'L-1' }),
    ]) {
      assert.equal(r.status, 422, r.text);
      assert.match(r.body.message, /L-1 is billed/);
    }
    assert.equal((await c.get(`/invoice-items/${it.id}`)).body.data.quantity, '1.00000');
    assert.equal((await c.delete(`/invoice-items/${free.id}`)).status, 204);
  });
});
