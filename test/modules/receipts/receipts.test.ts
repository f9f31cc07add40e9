// /receipts (docs/api/receipts.md): the header's exact fields and types, create with amount lines and every
// rule, PATCH/PUT (lines replaced as a whole), DELETE with lines and file, the list filters, billing status and
// month-closing locks, and the client_id de-duplication (also for concurrent requests).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { sql } from 'kysely';
import { forEachDialect } from '../../support/app.js';
import { createReceipt, receiptWorld } from '../../support/receipts.js';
import { createTicket } from '../../support/projects.js';
import { seedEmployee } from '../../support/seed.js';

const fieldsOf = (r: { body: any }) => Object.keys(r.body.errors ?? {}).sort();

forEachDialect('receipts', (t) => {
  test('POST answers 201 with exactly the contract header fields and types', async () => {
    const w = await receiptWorld(t());
    const r = await w.c.post(
      '/receipts',
      w.body({ note: 'Hotel Post', location: 'D', breakfast: 5.6, performance_date: '2026-03-09' }),
    );
    assert.equal(r.status, 201, r.text);
    const { id, created, modified, created_by, modified_by, ...rest } = r.body.data;
    assert.deepEqual([created_by, modified_by], [null, null], 'written by a service token');
    assert.ok(Number.isInteger(id));
    assert.match(created, /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.000000Z$/);
    assert.equal(modified, created);
    assert.deepEqual(rest, {
      employee_id: w.employee,
      date: '2026-03-10',
      receipt_type_id: 'Übernachtung',
      currency: 'EUR',
      invoice_amount_currency: 'EUR',
      note: 'Hotel Post',
      payment_method: 'privat',
      breakfast: '5.60',
      lunch_or_dinner: '0', // contract: a string, 0 if none
      location: 'D',
      is_amount_net: false,
      is_invoice_amount_net: false,
      billing_status: { id: 1, name: 'Not billed' },
      performance_date: '2026-03-09',
      client_id: null,
      invoice_item_id: null,
      project_id: w.project,
      project_task_id: w.task,
      ticket_id: null,
      subtask_id: null,
      filename: null,
    });
    assert.deepEqual((await w.c.get(`/receipts/${id}`)).body.data, r.body.data);
  });

  test('the amount lines are listed and read one by one, as decimal strings with the net flags', async () => {
    const w = await receiptWorld(t());
    const receipt = await createReceipt(w, { is_amount_net: true });
    const list = await w.c.get(`/receipts/${receipt.id}/amounts`);
    assert.equal(list.status, 200, list.text);
    assert.equal(list.body.meta.total, 3);
    const lines = list.body.data.map(({ id, ...l }: any) => l);
    assert.deepEqual(lines[0], {
      receipt_id: receipt.id,
      tax: '7.0000',
      quantity: '2.0000',
      amount: '89.50',
      invoicing_share: '0.00',
      private_share: '0.00',
      is_amount_net: true,
      is_invoice_amount_net: false,
    });
    assert.deepEqual(lines[1], {
      receipt_id: receipt.id,
      tax: '19.0000',
      quantity: '1.0000',
      amount: '12.30',
      invoicing_share: '12.30',
      private_share: '0.00',
      is_amount_net: true,
      is_invoice_amount_net: false,
    });
    const one = await w.c.get(`/receipts/${receipt.id}/amounts/${list.body.data[1].id}`);
    assert.deepEqual(one.body.data, list.body.data[1]);
    assert.equal((await w.c.get(`/receipts/${receipt.id}/amounts/${list.body.data[1].id + 999}`)).status, 404);
    assert.equal((await w.c.get(`/receipts/${receipt.id + 999}/amounts`)).status, 404);
    const other = await createReceipt(w);
    assert.equal((await w.c.get(`/receipts/${other.id}/amounts/${list.body.data[1].id}`)).status, 404);
  });

  test('every rule of the body is a 422 on its field, and nothing is written', async () => {
    const w = await receiptWorld(t());
    const other = await createTicket(w.c, {}, w.employee);
    const cases: [Record<string, unknown>, string][] = [
      [{ receiptAmounts: [] }, 'receiptAmounts'],
      [{ receiptAmounts: undefined }, 'receiptAmounts'],
      [{ receiptAmounts: [{ tax: 16, quantity: 1, amount: 10 }] }, 'receiptAmounts.0.tax'],
      [{ receiptAmounts: [{ tax: 101, quantity: 1, amount: 10 }] }, 'receiptAmounts.0.tax'],
      [{ receiptAmounts: [{ tax: 19, quantity: 0.5, amount: 10 }] }, 'receiptAmounts.0.quantity'],
      [{ receiptAmounts: [{ tax: 19, quantity: 1, amount: 0 }] }, 'receiptAmounts.0.amount'],
      [{ receiptAmounts: [{ tax: 19, quantity: 1, amount: 10, private_share: -1 }] }, 'receiptAmounts.0.private_share'],
      [
        { receiptAmounts: [{ tax: 19, quantity: 1, amount: 10, invoicing_share: 5 }], is_invoice_amount_net: null },
        'is_invoice_amount_net',
      ],
      [{ employee_id: 'nobody' }, 'employee_id'],
      [{ employee_id: undefined }, 'employee_id'],
      [{ receipt_type_id: 'Unbekannt' }, 'receipt_type_id'],
      [{ project_id: 999999 }, 'project_id'],
      [{ project_task_id: other.project_task_id }, 'project_task_id'],
      [{ ticket_id: other.id }, 'ticket_id'],
      [{ date: '2026-02-30' }, 'date'],
      [{ date: '2026-03-10 12:00:00' }, 'date'],
      [{ date: '' }, 'date'],
      [{ currency: 'x'.repeat(33) }, 'currency'],
      [{ currency: 'EURO' }, 'currency'],
      [{ currency: 'e' }, 'currency'],
      [{ currency: 'eur' }, 'currency'],
      [{ currency: 'XYZ' }, 'currency'],
      [{ invoice_amount_currency: 'EURO' }, 'invoice_amount_currency'],
      [{ receiptAmounts: [{ tax: 19, quantity: 1, amount: 10.005 }] }, 'receiptAmounts.0.amount'],
      [{ receiptAmounts: [{ tax: 19, quantity: 1, amount: '10.005' }] }, 'receiptAmounts.0.amount'],
      [{ receiptAmounts: [{ tax: 19, quantity: 1, amount: '-1' }] }, 'receiptAmounts.0.amount'],
      [
        { receiptAmounts: [{ tax: 19, quantity: 1, amount: 10, private_share: 0.001 }] },
        'receiptAmounts.0.private_share',
      ],
      [
        { receiptAmounts: [{ tax: 19, quantity: 1, amount: 10, invoicing_share: 1.111 }] },
        'receiptAmounts.0.invoicing_share',
      ],
      [{ receiptAmounts: [{ tax: 19.00001, quantity: 1, amount: 10 }] }, 'receiptAmounts.0.tax'],
      [{ receiptAmounts: [{ tax: 19, quantity: 1.00001, amount: 10 }] }, 'receiptAmounts.0.quantity'],
      [{ currency: 'JPY', receiptAmounts: [{ tax: 19, quantity: 1, amount: 10.5 }] }, 'receiptAmounts.0.amount'],
      [{ breakfast: 5.555 }, 'breakfast'],
      [{ lunch_or_dinner: '1.001' }, 'lunch_or_dinner'],
      [{ note: 'x'.repeat(256) }, 'note'],
      [{ is_amount_net: undefined }, 'is_amount_net'],
      [{ billing_status: 4 }, 'billing_status'],
      [{ breakfast: -1 }, 'breakfast'],
      [{ client_id: 'abc' }, 'client_id'],
    ];
    for (const [change, field] of cases) {
      const r = await w.c.post('/receipts', w.body(change));
      assert.equal(r.status, 422, `${JSON.stringify(change)}: ${r.text}`);
      assert.ok(r.body.errors[field], `${JSON.stringify(change)} -> ${field}: ${r.text}`);
    }
    assert.equal((await w.c.get('/receipts')).body.meta.total, 0);
    const rows = await t()
      .database.db.selectFrom('receipt_amounts')
      .select('id')
      .where('tenant_id', '=', w.c.tenant.id)
      .execute();
    assert.deepEqual(rows, []);
  });

  test("money is exact: decimal text or numbers, the currency's decimals, no rounding; lines print non-null shares", async () => {
    const w = await receiptWorld(t());
    const r = await createReceipt(w, {
      breakfast: '5.60',
      lunch_or_dinner: 0.1,
      receiptAmounts: [
        { tax: '19.0000', quantity: '2.0000', amount: '0.10', invoicing_share: 0.2, private_share: null },
        { tax: 7, quantity: 1.2345, amount: 999999999 },
      ],
    });
    assert.deepEqual([r.breakfast, r.lunch_or_dinner], ['5.60', '0.10']);
    const lines = (await w.c.get(`/receipts/${r.id}/amounts?orderBy=id`)).body.data.map((l: any) => [
      l.tax,
      l.quantity,
      l.amount,
      l.invoicing_share,
      l.private_share,
    ]);
    assert.deepEqual(lines, [
      ['19.0000', '2.0000', '0.10', '0.20', '0.00'],
      ['7.0000', '1.2345', '999999999.00', '0.00', '0.00'],
    ]);
    const yen = await w.c.post(
      '/receipts',
      w.body({
        currency: 'JPY',
        invoice_amount_currency: 'EUR',
        receiptAmounts: [{ tax: 19, quantity: 1, amount: 1500, invoicing_share: 9.99 }],
      }),
    );
    assert.equal(yen.status, 201, yen.text);
    assert.match(
      (
        await w.c.post(
          '/receipts',
          w.body({ currency: 'JPY', receiptAmounts: [{ tax: 19, quantity: 1, amount: 0.5 }] }),
        )
      ).body.errors['receiptAmounts.0.amount'][0],
      /at most 0 decimal places \(JPY\)/,
    );
    // The lines as read go back as a body unchanged.
    const read = (await w.c.get(`/receipts/${r.id}/amounts?orderBy=id`)).body.data.map(
      ({ tax, quantity, amount, invoicing_share, private_share }: any) => ({
        tax,
        quantity,
        amount,
        invoicing_share,
        private_share,
      }),
    );
    const back = await w.c.patch(`/receipts/${r.id}`, { receiptAmounts: read });
    assert.equal(back.status, 200, back.text);
    assert.deepEqual(
      (await w.c.get(`/receipts/${r.id}/amounts?orderBy=id`)).body.data.map((l: any) => [
        l.tax,
        l.quantity,
        l.amount,
        l.invoicing_share,
        l.private_share,
      ]),
      lines,
    );
  });

  test('a type without default payment method needs payment_method; a type without tax rates takes any rate', async () => {
    const w = await receiptWorld(t());
    await w.c.post('/receipt-types', { name: 'Sonstiges' });
    const missing = await w.c.post('/receipts', w.body({ receipt_type_id: 'Sonstiges' }));
    assert.deepEqual(fieldsOf(missing), ['payment_method']);
    const ok = await w.c.post(
      '/receipts',
      w.body({
        receipt_type_id: 'Sonstiges',
        payment_method: 'Firma',
        receiptAmounts: [{ tax: 16, quantity: 1, amount: 3 }],
      }),
    );
    assert.equal(ok.status, 201, ok.text);
    assert.equal(ok.body.data.payment_method, 'Firma');
  });

  test('PATCH and PUT change only submitted fields; receiptAmounts replace the lines as a whole', async () => {
    const w = await receiptWorld(t());
    const receipt = await createReceipt(w, { note: 'keep' });
    const p = await w.c.patch(`/receipts/${receipt.id}`, { payment_method: 'Firma', billing_status: 2 });
    assert.equal(p.status, 200, p.text);
    assert.equal(p.body.data.payment_method, 'Firma');
    assert.deepEqual(p.body.data.billing_status, { id: 2, name: 'Freigegebene' });
    assert.equal(p.body.data.note, 'keep');
    assert.equal((await w.c.get(`/receipts/${receipt.id}/amounts`)).body.meta.total, 3);
    const put = await w.c.put(`/receipts/${receipt.id}`, { receiptAmounts: [{ tax: 19, quantity: 1, amount: 0 }] });
    assert.equal(put.status, 200, put.text);
    const lines = (await w.c.get(`/receipts/${receipt.id}/amounts`)).body.data;
    assert.deepEqual(
      lines.map((l: any) => [l.tax, l.amount]),
      [['19.0000', '0.00']],
    );
    // Changing the type re-checks the stored lines against its rates.
    await w.c.post('/receipt-types', { name: 'Fahrkarte', tax_rates: [7], default_payment_method: 'privat' });
    const wrongType = await w.c.patch(`/receipts/${receipt.id}`, { receipt_type_id: 'Fahrkarte' });
    assert.deepEqual(fieldsOf(wrongType), ['receiptAmounts.0.tax']);
  });

  test('a failed multi-line update leaves the receipt and its lines as they were', async () => {
    const w = await receiptWorld(t());
    const receipt = await createReceipt(w);
    const before = (await w.c.get(`/receipts/${receipt.id}/amounts`)).body.data;
    const r = await w.c.patch(`/receipts/${receipt.id}`, {
      note: 'changed',
      receiptAmounts: [
        { tax: 19, quantity: 1, amount: 1 },
        { tax: 16, quantity: 1, amount: 1 },
      ],
    });
    assert.deepEqual(fieldsOf(r), ['receiptAmounts.1.tax']);
    assert.deepEqual((await w.c.get(`/receipts/${receipt.id}/amounts`)).body.data, before);
    assert.equal((await w.c.get(`/receipts/${receipt.id}`)).body.data.note, null);
  });

  test('a write that fails in the middle of the lines leaves neither header nor lines (one transaction)', async () => {
    const w = await receiptWorld(t());
    const db = t().database.db;
    // A trigger makes the database itself refuse the third line of this test's receipts (amount 13.13, in cents).
    if (t().dialect === 'sqlite') {
      await sql`CREATE TRIGGER IF NOT EXISTS refuse_1313 BEFORE INSERT ON receipt_amounts WHEN NEW.amount_cents = 1313 BEGIN SELECT RAISE(ABORT, 'refused'); END`.execute(
        db,
      );
    } else {
      await sql`CREATE OR REPLACE FUNCTION refuse_1313() RETURNS trigger AS $$ BEGIN IF NEW.amount_cents = 1313 THEN RAISE EXCEPTION 'refused'; END IF; RETURN NEW; END $$ LANGUAGE plpgsql`.execute(
        db,
      );
      await sql`CREATE OR REPLACE TRIGGER refuse_1313 BEFORE INSERT ON receipt_amounts FOR EACH ROW EXECUTE FUNCTION refuse_1313()`.execute(
        db,
      );
    }
    const lines = [
      { tax: 19, quantity: 1, amount: 1 },
      { tax: 7, quantity: 1, amount: 2 },
      { tax: 19, quantity: 1, amount: 13.13 },
    ];
    const created = await w.c.post('/receipts', w.body({ receiptAmounts: lines }));
    assert.equal(created.status, 500, created.text);
    assert.equal((await w.c.get('/receipts')).body.meta.total, 0);
    assert.deepEqual(
      await db.selectFrom('receipt_amounts').select('id').where('tenant_id', '=', w.c.tenant.id).execute(),
      [],
    );
    const receipt = await createReceipt(w, { note: 'kept' });
    const before = (await w.c.get(`/receipts/${receipt.id}/amounts`)).body.data;
    const changed = await w.c.patch(`/receipts/${receipt.id}`, { note: 'changed', receiptAmounts: lines });
    assert.equal(changed.status, 500, changed.text);
    assert.deepEqual((await w.c.get(`/receipts/${receipt.id}/amounts`)).body.data, before);
    assert.equal((await w.c.get(`/receipts/${receipt.id}`)).body.data.note, 'kept');
  });

  test('a billed receipt cannot be changed or deleted (422 naming why; invoice links: invoice-links.test.ts)', async () => {
    const w = await receiptWorld(t());
    const billed = await createReceipt(w, { billing_status: 3 });
    const p = await w.c.patch(`/receipts/${billed.id}`, { note: 'x' });
    assert.deepEqual(fieldsOf(p), ['billing_status']);
    assert.match(p.body.errors.billing_status[0], /billed/);
    assert.deepEqual(fieldsOf(await w.c.delete(`/receipts/${billed.id}`)), ['billing_status']);
  });

  test('a closed month refuses new, changed, moved and deleted receipts (tenant-wide and per employee)', async () => {
    const w = await receiptWorld(t());
    const march = await createReceipt(w);
    const april = await createReceipt(w, { date: '2026-04-02' });
    assert.equal((await w.c.post('/month-closings', { month: '2026-03', employee_id: w.employee })).status, 201);
    assert.deepEqual(fieldsOf(await w.c.post('/receipts', w.body())), ['date']);
    assert.deepEqual(fieldsOf(await w.c.patch(`/receipts/${march.id}`, { note: 'x' })), ['date']);
    assert.deepEqual(fieldsOf(await w.c.patch(`/receipts/${march.id}`, { date: '2026-04-01' })), ['date']);
    assert.deepEqual(fieldsOf(await w.c.patch(`/receipts/${april.id}`, { date: '2026-03-31' })), ['date']);
    assert.deepEqual(fieldsOf(await w.c.delete(`/receipts/${march.id}`)), ['date']);
    assert.equal((await w.c.post('/month-closings', { month: '2026-04' })).status, 201);
    assert.deepEqual(fieldsOf(await w.c.delete(`/receipts/${april.id}`)), ['date']);
  });

  test('DELETE answers 204 and takes the lines and the file; then 404', async () => {
    const w = await receiptWorld(t());
    const receipt = await createReceipt(w);
    await w.c.put(`/receipts/${receipt.id}/attachments`, {
      filename: 'a.txt',
      file_contents: Buffer.from('x').toString('base64'),
    });
    assert.equal((await w.c.delete(`/receipts/${receipt.id}`)).status, 204);
    assert.equal((await w.c.get(`/receipts/${receipt.id}`)).status, 404);
    assert.equal((await w.c.delete(`/receipts/${receipt.id}`)).status, 404);
    const db = t().database.db;
    assert.deepEqual(
      await db.selectFrom('receipt_amounts').select('id').where('tenant_id', '=', w.c.tenant.id).execute(),
      [],
    );
    assert.deepEqual(
      await db.selectFrom('attachments').select('id').where('tenant_id', '=', w.c.tenant.id).execute(),
      [],
    );
  });

  test('list filters: start_date/end_date inclusive, employee_id, project_id, billing_status[]; empty dates are 422', async () => {
    const w = await receiptWorld(t());
    const a = await createReceipt(w, { date: '2026-03-01', billing_status: 0 });
    const b = await createReceipt(w, { date: '2026-03-31', billing_status: 2 });
    const c = await createReceipt(w, { date: '2026-04-01' });
    const second = await seedEmployee(t().database.db, w.c.tenant.id);
    const d = await createReceipt(w, { employee_id: second.username, date: '2026-03-15' });
    const ids = async (q: string) => (await w.c.get(`/receipts${q}`)).body.data.map((r: any) => r.id);
    assert.deepEqual(await ids(''), [a.id, b.id, c.id, d.id]);
    assert.deepEqual(await ids('?start_date=2026-03-01&end_date=2026-03-31'), [a.id, b.id, d.id]);
    assert.deepEqual(await ids(`?employee_id=${w.employee}&start_date=2026-03-01&end_date=2026-03-31`), [a.id, b.id]);
    assert.deepEqual(await ids('?billing_status[]=0&billing_status[]=2'), [a.id, b.id]);
    assert.deepEqual(await ids('?billing_status[]=1'), [c.id, d.id]);
    assert.deepEqual(await ids(`?project_id=${w.project}&orderBy=date&order=desc`), [c.id, b.id, d.id, a.id]);
    assert.deepEqual(await ids('?project_id=999999'), []);
    for (const q of ['?start_date=', '?end_date=', '?billing_status[]=x', '?project_id=abc'])
      assert.equal((await w.c.get(`/receipts${q}`)).status, 422, q);
  });

  test('a project or task that receipts refer to cannot be deleted (422 naming receipts)', async () => {
    const w = await receiptWorld(t());
    await createReceipt(w);
    const task = await w.c.delete(`/projects/${w.project}/tasks/${w.task}`);
    assert.equal(task.status, 422, task.text);
    assert.match(JSON.stringify(task.body.errors), /receipts/);
    const project = await w.c.delete(`/projects/${w.project}`);
    assert.equal(project.status, 422, project.text);
    assert.match(JSON.stringify(project.body.errors), /receipts/);
  });

  test('another tenant sees, changes and deletes none of the receipts', async () => {
    const w = await receiptWorld(t());
    const receipt = await createReceipt(w);
    const other = await t().tenant();
    assert.equal((await other.get(`/receipts/${receipt.id}`)).status, 404);
    assert.equal((await other.get(`/receipts/${receipt.id}/amounts`)).status, 404);
    assert.equal((await other.patch(`/receipts/${receipt.id}`, { note: 'x' })).status, 404);
    assert.equal((await other.delete(`/receipts/${receipt.id}`)).status, 404);
    assert.equal((await other.get('/receipts')).body.meta.total, 0);
  });

  test('receipts, their files, receipt types and articles are full-edition only (404 on the clock edition)', async () => {
    const c = await t().tenant({ edition: 'clock' });
    for (const path of [
      '/receipts',
      '/receipts/1',
      '/receipts/1/amounts',
      '/receipts/1/attachments',
      '/receipt-types',
      '/articles',
    ]) {
      const r = await c.get(path);
      assert.equal(r.status, 404, `${path}: ${r.text}`);
      assert.match(r.body.message, /could not be found/);
    }
  });

  test('a second POST with a client_id the employee already used returns the stored receipt with 200', async () => {
    const w = await receiptWorld(t());
    const first = await w.c.post('/receipts', w.body({ client_id: 77 }));
    assert.equal(first.status, 201, first.text);
    const again = await w.c.post('/receipts', w.body({ client_id: 77, note: 'resent' }));
    assert.equal(again.status, 200, again.text);
    assert.deepEqual(again.body.data, first.body.data);
    const second = await seedEmployee(t().database.db, w.c.tenant.id);
    const otherEmployee = await w.c.post('/receipts', w.body({ client_id: 77, employee_id: second.username }));
    assert.equal(otherEmployee.status, 201, otherEmployee.text);
    assert.equal((await w.c.get('/receipts')).body.meta.total, 2);
  });

  test('concurrent POSTs with one client_id create one receipt with one set of lines', async () => {
    const w = await receiptWorld(t());
    const rs = await Promise.all(Array.from({ length: 8 }, () => w.c.post('/receipts', w.body({ client_id: 5 }))));
    assert.deepEqual(
      rs.map((r) => r.status).sort(),
      [200, 200, 200, 200, 200, 200, 200, 201],
      rs.map((r) => r.text).join('\n'),
    );
    assert.equal(new Set(rs.map((r) => r.body.data.id)).size, 1);
    assert.equal((await w.c.get('/receipts')).body.meta.total, 1);
    assert.equal((await w.c.get(`/receipts/${rs[0].body.data.id}/amounts`)).body.meta.total, 3);
  });
});
