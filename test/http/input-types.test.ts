// Behaviour and docs agree on media types and lenient booleans (http/errors.ts, http/request-input.ts).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { forEachDialect, uniqueName } from '../support/app.js';

forEachDialect('input types', (t) => {
  test('a text/plain (or any non-JSON) body is 415, nothing is written', async () => {
    const c = await t().tenant();
    const name = uniqueName('txt');
    for (const type of ['text/plain', 'text/plain; charset=utf-8', 'application/xml']) {
      const r = await c.request('POST', '/activities', JSON.stringify({ name }), { headers: { 'content-type': type } });
      assert.equal(r.status, 415, `${type}: ${r.text}`);
      assert.equal(typeof r.body.message, 'string');
    }
    assert.equal((await c.get(`/activities/${name}`)).status, 404);
  });

  test('booleans accept true/false, 1/0, "true"/"false" and "1"/"0"; anything else is 422 on the field', async () => {
    const c = await t().tenant();
    for (const [value, expected] of [
      [true, true],
      ['true', true],
      ['1', true],
      [1, true],
      [false, false],
      ['false', false],
      ['0', false],
      [0, false],
    ] as const) {
      const r = await c.post('/activities', { name: uniqueName('b'), is_travel: value });
      assert.equal(r.status, 201, `${JSON.stringify(value)}: ${r.text}`);
      assert.equal(r.body.data.is_travel, expected, JSON.stringify(value));
      const back = await c.patch(`/activities/${r.body.data.name}`, { is_travel: value === '1' ? '0' : '1' });
      assert.equal(back.status, 200, back.text);
    }
    for (const value of ['yes', 'on', '2', 'TRUE ', [], {}]) {
      const r = await c.post('/activities', { name: uniqueName('b'), is_travel: value });
      assert.equal(r.status, 422, `${JSON.stringify(value)}: ${r.text}`);
      assert.deepEqual(Object.keys(r.body.errors), ['is_travel']);
    }
  });

  test('a record read with GET can be sent back: midnight date-times where a date is expected, {id, name} objects as their id', async () => {
    const c = await t().tenant();
    const p = await c.post('/projects', {
      name: uniqueName('rt'),
      start_date: '2024-01-01T00:00:00.000000Z',
      billing_type: { id: 2, name: 'Tagessatz' },
    });
    assert.equal(p.status, 201, p.text);
    assert.equal(p.body.data.start_date, '2024-01-01T00:00:00.000000Z');
    assert.deepEqual(p.body.data.billing_type, { id: 2, name: 'Daily rate' });
    for (const v of [
      '2024-02-01T00:00:00Z',
      '2024-02-01T00:00:00+00:00',
      '2024-02-01T00:00:00.000000Z',
      '2024-02-01T00:00Z',
    ]) {
      const r = await c.patch(`/projects/${p.body.data.id}`, { start_date: v });
      assert.equal(r.status, 200, `${v}: ${r.text}`);
      assert.equal(r.body.data.start_date, '2024-02-01T00:00:00.000000Z');
    }
    // Without a zone a midnight is a date with a time part (docs/api/conventions.md, "Dates").
    for (const v of [
      '2024-02-01T10:00:00Z',
      '2024-02-01T00:00:00+02:00',
      '2024-02-01 00:00:00',
      '2024-02-01T00:00',
      '2024-02-01T00:00:00',
    ]) {
      const r = await c.patch(`/projects/${p.body.data.id}`, { start_date: v });
      assert.equal(r.status, 422, `${v}: ${r.text}`);
      assert.deepEqual(Object.keys(r.body.errors), ['start_date']);
    }
    const wrong = await c.patch(`/projects/${p.body.data.id}`, { billing_type: { name: 'Tagessatz' } });
    assert.equal(wrong.status, 422, wrong.text);
  });

  test('the booking date is the exception: a plain YYYY-MM-DD only, as the contract requires', async () => {
    const c = await t().tenant();
    const r = await c.post('/attendances', {
      employee_id: 'x',
      date: '2026-03-10T00:00:00.000000Z',
      from: '09:00',
      to: '10:00',
      project_id: 1,
      project_task_id: 1,
      activity_id: 'be',
    });
    assert.equal(r.status, 422);
    assert.ok(r.body.errors.date, r.text);
  });
});
