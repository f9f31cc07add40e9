// /booking-settings (the tenant's booking rule settings through the API).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { forEachDialect } from '../../support/app.js';

forEachDialect('booking settings', (t) => {
  test('booking settings have documented defaults and change only submitted fields', async () => {
    const c = await t().tenant();
    const r = await c.get('/booking-settings');
    assert.deepEqual(r.body.data, {
      recording_days_back: null,
      recording_days_ahead: null,
      check_non_working_days: true,
      minute_grid: null,
      duration_only: false,
      check_absences: true,
    });
    const p = await c.patch('/booking-settings', { minute_grid: 15, recording_days_back: 30 });
    assert.equal(p.status, 200, p.text);
    assert.equal(p.body.data.minute_grid, 15);
    const put = await c.put('/booking-settings', { check_non_working_days: false });
    assert.deepEqual(put.body.data, {
      recording_days_back: 30,
      recording_days_ahead: null,
      check_non_working_days: false,
      minute_grid: 15,
      duration_only: false,
      check_absences: true,
    });
    assert.deepEqual((await c.get('/booking-settings')).body.data, put.body.data);
  });

  test('booking settings reject bad values with 422 naming the field', async () => {
    const c = await t().tenant();
    const r = await c.patch('/booking-settings', { minute_grid: 7, recording_days_back: -1 });
    assert.equal(r.status, 422);
    assert.deepEqual(Object.keys(r.body.errors).sort(), ['minute_grid', 'recording_days_back']);
  });
});
