// /employees/{username}/internal-rates: {data: [...]} exactly as the contract's table (decimal text rate,
// YYYY-MM-DD start, rate_type {id, name} with 0 "keines"), writes, one rate per start date.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { forEachDialect } from '../../support/app.js';
import { createEmployee, userPath } from '../../support/people.js';

const rates = (u: string) => `${userPath(u)}/internal-rates`;

forEachDialect('internal rates', (t) => {
  test('the list is {data: [...]} without pagination, oldest start first, in the contract shape', async () => {
    const c = await t().tenant();
    const e = await createEmployee(c, { username: 'anna.schmidt' });
    const later = await c.post(rates(e.username), { start_date: '2025-01-01', internal_rate: '52.5', rate_type: 1 });
    assert.equal(later.status, 201, later.text);
    await c.post(rates(e.username), { start_date: '2024-01-01', internal_rate: 45 });
    const r = await c.get(rates(e.username));
    assert.equal(r.status, 200);
    assert.deepEqual(Object.keys(r.body), ['data']);
    assert.deepEqual(
      { ...r.body.data[0], id: 0, created: null, modified: null },
      {
        id: 0,
        employee_id: 'anna.schmidt',
        start_date: '2024-01-01',
        internal_rate: '45.00',
        note: null,
        monthly_rate: null,
        internal_rate_resets: null,
        rate_type: { id: 0, name: 'none' },
        created: null,
        modified: null,
        created_by: null,
        modified_by: null,
      },
    );
    assert.equal(r.body.data[1].internal_rate, '52.50');
    assert.deepEqual(r.body.data[1].rate_type, { id: 1, name: 'Hourly rate' });
    assert.match(r.body.data[1].created, /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.000000Z$/);
    const one = await c.get(`${rates(e.username)}/${later.body.data.id}`);
    assert.equal(one.body.data.start_date, '2025-01-01');
  });

  test('PATCH changes submitted fields; duplicate start is 422 on start_date; bad values 422 on their field', async () => {
    const c = await t().tenant();
    const e = await createEmployee(c);
    const a = (await c.post(rates(e.username), { start_date: '2024-01-01', internal_rate: 40, note: 'keep' })).body
      .data;
    await c.post(rates(e.username), { start_date: '2024-06-01', internal_rate: 41 });
    const p = await c.put(`${rates(e.username)}/${a.id}`, {
      ...a,
      internal_rate: '42.125',
      internal_rate_resets: true,
    });
    assert.equal(p.status, 200, p.text);
    assert.equal(p.body.data.internal_rate, '42.13');
    assert.equal(p.body.data.note, 'keep');
    const dup = await c.patch(`${rates(e.username)}/${a.id}`, { start_date: '2024-06-01' });
    assert.equal(dup.status, 422);
    assert.deepEqual(Object.keys(dup.body.errors), ['start_date']);
    const bad = await c.post(rates(e.username), {
      start_date: '2024-01-01T10:00:00',
      internal_rate: 'abc',
      rate_type: 9,
    });
    assert.equal(bad.status, 422);
    assert.deepEqual(Object.keys(bad.body.errors).sort(), ['internal_rate', 'rate_type', 'start_date']);
    const missing = await c.post(rates(e.username), {});
    assert.deepEqual(Object.keys(missing.body.errors).sort(), ['internal_rate', 'start_date']);
  });

  test('another tenant and unknown employees get 404; DELETE removes a rate', async () => {
    const c = await t().tenant();
    const other = await t().tenant();
    const e = await createEmployee(c, { username: 'x.rate' });
    const r = (await c.post(rates(e.username), { start_date: '2024-01-01', internal_rate: 40 })).body.data;
    assert.equal((await other.get(rates(e.username))).status, 404);
    assert.equal((await c.get(rates('nobody'))).status, 404);
    assert.equal((await c.delete(`${rates(e.username)}/${r.id}`)).status, 204);
    assert.deepEqual((await c.get(rates(e.username))).body.data, []);
  });
});
