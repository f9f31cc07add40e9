// Every wrong input is a 422 on its field (docs/api/conventions.md, "Types of body values", "Dates", "Lists"): the
// reproducers of a client author's and a fault-injection run's findings. The sweeps over every field of every
// operation are test/contract/robustness-bodies.test.ts, robustness-updates.test.ts and list-filters.test.ts.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { forEachDialect, uniqueName } from '../support/app.js';
import { bookingWorld } from '../support/booking-world.js';
import { MODULES } from '../../src/tenancy/tenants.js';

const fields = (r: { body: any }) => Object.keys(r.body?.errors ?? {}).sort();

forEachDialect('body types and dates', (t) => {
  test('a JSON value of the wrong type is a 422 on its field, never stored as text, 0 or false', async () => {
    const c = await t().tenant();
    for (const name of [['a'], true, false, {}, null]) {
      const r = await c.post('/activities', { name });
      assert.equal(r.status, 422, `${JSON.stringify(name)}: ${r.text}`);
      assert.deepEqual(fields(r), ['name']);
    }
    for (const is_travel of [null, 'yes', ['1'], 2]) {
      const r = await c.post('/activities', { name: uniqueName('a'), is_travel });
      assert.equal(r.status, 422, `${JSON.stringify(is_travel)}: ${r.text}`);
      assert.deepEqual(fields(r), ['is_travel']);
    }
    const description = await c.post('/activities', { name: uniqueName('a'), description: true });
    assert.deepEqual([description.status, fields(description)], [422, ['description']], description.text);
    assert.equal((await c.get('/activities')).body.meta.total, 0);
  });

  test('a number beyond a double is a 422 also inside a free-form object, not stored as null', async () => {
    const c = await t().tenant();
    const payload = '{"name":"Terminal","display_config":{"columns":{"width":1e400}}}';
    const r = await c.request('POST', '/devices', undefined, {
      payload,
      headers: { 'content-type': 'application/json' },
    });
    assert.deepEqual([r.status, fields(r)], [422, ['display_config.columns.width']], r.text);
    assert.equal((await c.get('/devices')).body.meta.total, 0);
    const fine = await c.post('/devices', { name: 'Terminal', display_config: { columns: { width: 1e100 } } });
    assert.equal(fine.status, 201, fine.text);
    assert.equal(fine.body.data.display_config.columns.width, 1e100);
  });

  test('numeric text where a number belongs: plain decimals are taken exactly, Infinity, 1e400, NaN and the like are 422 (was 500)', async () => {
    const w = await bookingWorld(t());
    const customer = await w.c.post('/customers', { customer_number: uniqueName('C'), name: 'C', currency: 'EUR' });
    assert.equal(customer.status, 201, customer.text);
    const number = customer.body.data.customer_number;
    for (const payment_terms of [
      'Infinity',
      '-Infinity',
      '1e400',
      'NaN',
      '1e3',
      '0x10',
      '12.5',
      '99999999999999999999',
      true,
      [30],
    ]) {
      const r = await w.c.post('/invoices', { customer_number: number, payment_terms });
      assert.equal(r.status, 422, `${JSON.stringify(payment_terms)}: ${r.text}`);
      assert.deepEqual(fields(r), ['payment_terms']);
    }
    for (const [body, field] of [
      [{ employee_id: w.employee, date: '2026-03-10', project_id: 'Infinity', planning: 4 }, 'project_id'],
      [{ employee_id: w.employee, date: '2026-03-10', project_id: w.projectId, planning: '1e400' }, 'planning'],
    ] as const) {
      const r = await w.c.post('/plannings', body);
      assert.deepEqual([r.status, fields(r)], [422, [field]], r.text);
    }
    const bulk = await w.c.post('/attendances/bulk?atomic=true', { items: [w.body({ project_id: '-Infinity' })] });
    assert.equal(bulk.status, 422, bulk.text);
    assert.deepEqual(Object.keys(bulk.body.results[0].errors), ['project_id']);
    assert.equal((await w.c.get('/invoices')).body.meta.total, 0);
    assert.equal((await w.c.get('/plannings')).body.meta.total, 0);
    // Plain decimal text is the number it writes; a number where text belongs is its text.
    const ok = await w.c.post('/invoices', { customer_number: number, payment_terms: '30', title: 12345 });
    assert.equal(ok.status, 201, ok.text);
    assert.deepEqual([ok.body.data.payment_terms, ok.body.data.title], [30, '12345']);
    const zero = await w.c.patch(`/invoices/${ok.body.data.invoice_number}`, { payment_terms: '-0' });
    assert.equal(zero.status, 200, zero.text);
    assert.ok(Object.is(zero.body.data.payment_terms, 0));
    const exponent = await w.c.patch(`/invoices/${ok.body.data.invoice_number}`, { title: 1e21 });
    assert.deepEqual([exponent.status, fields(exponent)], [422, ['title']], exponent.text);
  });

  test('dates: 1000-01-01 to 9999-12-31 on both databases, 422 outside it in bodies and queries (year 0000 was 500 on PostgreSQL)', async () => {
    const c = await t().tenant();
    const customer = (await c.post('/customers', { customer_number: uniqueName('C'), name: 'C', currency: 'EUR' })).body
      .data.customer_number;
    for (const date of ['0000-01-01', '0999-12-31', '10000-01-01']) {
      const invoice = await c.post('/invoices', { customer_number: customer, date });
      assert.deepEqual([invoice.status, fields(invoice)], [422, ['date']], `${date}: ${invoice.text}`);
      const offer = await c.post('/offers', { customer_number: customer, valid_until: date });
      assert.deepEqual([offer.status, fields(offer)], [422, ['valid_until']], `${date}: ${offer.text}`);
      const list = await c.get(`/invoices?date_from=${date}`);
      assert.deepEqual([list.status, fields(list)], [422, ['date_from']], `${date}: ${list.text}`);
    }
    const closing = await c.post('/month-closings', { month: '0000-01' });
    assert.deepEqual([closing.status, fields(closing)], [422, ['month']], closing.text);
    for (const date of ['1000-01-01', '9999-12-31']) {
      const r = await c.post('/invoices', { customer_number: customer, date });
      assert.equal(r.status, 201, `${date}: ${r.text}`);
      assert.equal((await c.get(`/invoices/${r.body.data.invoice_number}`)).body.data.date, date);
    }
  });

  test('a date with a time part is 422 on the field; the midnight UTC form the API writes is taken as the date', async () => {
    const w = await bookingWorld(t());
    const reason = await w.c.post('/absence-reasons', { name: 'UB', type: 1 });
    assert.equal(reason.status, 201, reason.text);
    for (const start_date of [
      '2026-12-09T00:00:00',
      '2026-12-09 00:00:00',
      '2026-12-09T00:00',
      '2026-12-09T10:00:00Z',
      '2026-12-09T00:00:00+02:00',
    ]) {
      const r = await w.c.post('/absences', { employee_id: w.employee, absence_reason_id: 'UB', start_date });
      assert.deepEqual([r.status, fields(r)], [422, ['start_date']], `${start_date}: ${r.text}`);
    }
    assert.equal((await w.c.get('/absences')).body.meta.total, 0);
    const read = await w.c.post('/absences', {
      employee_id: w.employee,
      absence_reason_id: 'UB',
      start_date: '2026-12-09T00:00:00.000000Z',
    });
    assert.equal(read.status, 201, read.text);
    assert.equal(read.body.data.start_date, '2026-12-09T00:00:00.000000Z');
  });

  test('an empty body names every missing required field; a bulk body of the wrong shape is a 422, not a 200 with a failed item', async () => {
    const w = await bookingWorld(t());
    const absence = await w.c.post('/absences', {});
    assert.equal(absence.status, 422, absence.text);
    assert.deepEqual(fields(absence), ['absence_reason_id', 'employee_id', 'start_date']);
    const planning = await w.c.post('/plannings', {});
    assert.deepEqual(fields(planning), ['date', 'employee_id', 'planning', 'project_id']);
    for (const items of ['x', { a: 1 }, 5, null]) {
      const bulk = await w.c.post('/attendances/bulk', { items });
      assert.deepEqual([bulk.status, fields(bulk)], [422, ['items']], `${JSON.stringify(items)}: ${bulk.text}`);
    }
    assert.equal((await w.c.get('/attendances')).body.meta.total, 0);
  });

  test('multipart/form-data without a boundary is the 422 of a body without parts on every upload route (was 500)', async () => {
    const w = await bookingWorld(t());
    const ticket = await w.c.post('/tickets', {
      subject: 'Bug',
      status: 1,
      priority: 3,
      project_id: w.projectId,
      project_task_id: w.taskId,
      creator_username: w.employee,
    });
    assert.equal(ticket.status, 201, ticket.text);
    const payload = '--x\r\nContent-Disposition: form-data; name="file"; filename="a.txt"\r\n\r\nhello\r\n--x--\r\n';
    for (const type of [
      'multipart/form-data',
      'multipart/form-data; boundary=',
      'multipart/form-data; charset=utf-8',
    ]) {
      const r = await w.c.request('POST', `/tickets/${ticket.body.data.id}/attachments`, undefined, {
        payload,
        headers: { 'content-type': type },
      });
      assert.deepEqual([r.status, fields(r)], [422, ['file']], `${type}: ${r.text}`);
    }
    assert.deepEqual((await w.c.get(`/tickets/${ticket.body.data.id}/attachments`)).body.data, []);
    const good = await w.c.request('POST', `/tickets/${ticket.body.data.id}/attachments`, undefined, {
      payload,
      headers: { 'content-type': 'multipart/form-data; boundary=x' },
    });
    assert.ok(good.status < 300, good.text);
  });
});

forEachDialect('list filters and windows', (t) => {
  test('a filter a list does not declare is not applied; a declared one is validated', async () => {
    const c = await t().tenant();
    const customer = (await c.post('/customers', { customer_number: uniqueName('C'), name: 'C', currency: 'EUR' })).body
      .data.customer_number;
    const offer = await c.post('/offers', { customer_number: customer });
    assert.equal(offer.status, 201, offer.text);
    for (let i = 0; i < 3; i++)
      assert.equal(
        (
          await c.post(`/offers/${offer.body.data.id}/items`, {
            type: 'Pauschal',
            quantity: 1,
            single_price: 10,
            vat: 19,
          })
        ).status,
        201,
      );
    for (const value of ['', 'garbage', '2099-01-01']) {
      const r = await c.get(`/offers/${offer.body.data.id}/items?modified_after=${value}`);
      assert.equal(r.status, 200, r.text);
      assert.equal(r.body.data.length, 3, `modified_after=${value}: ${r.text}`);
    }
    for (const value of ['', 'garbage']) {
      const r = await c.get(`/offers?modified_after=${value}`);
      assert.deepEqual([r.status, fields(r)], [422, ['modified_after']], r.text);
    }
  });

  test('a window whose start is after its end is a 422 on its end on every list that takes one', async () => {
    const w = await bookingWorld(t(), { modules: [...MODULES] });
    for (const [path, start, end] of [
      ['/plannings', 'date_from', 'date_to'],
      ['/resource-plannings', 'date_from', 'date_to'],
      [`/projects/${w.projectId}/plan-vs-actual`, 'date_from', 'date_to'],
      ['/receipts', 'start_date', 'end_date'],
      ['/invoice-items', 'planned_from', 'planned_to'],
      [`/employees/${w.employee}/projects`, 'project_start_date', 'project_end_date'],
    ]) {
      const r = await w.c.get(`${path}?${start}=2026-03-10&${end}=2026-03-01`);
      assert.deepEqual([r.status, fields(r)], [422, [end]], `${path}: ${r.text}`);
      assert.equal((await w.c.get(`${path}?${start}=2026-03-10&${end}=2026-03-10`)).status, 200, path);
    }
    const modified = await w.c.get(
      '/attendances?modified_after=2026-03-10%2000:00:00&modified_before=2026-03-01%2000:00:00',
    );
    assert.deepEqual([modified.status, fields(modified)], [422, ['modified_before']], modified.text);
  });
});
