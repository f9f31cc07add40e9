// /month-closings (closed months through the API).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { forEachDialect } from '../../support/app.js';
import { seedEmployee } from '../../support/seed.js';

forEachDialect('month closings', (t) => {
  test('months close for the tenant or for one employee, reopen by DELETE; duplicates and unknown employees are 422', async () => {
    const c = await t().tenant();
    const emp = await seedEmployee(t().database.db, c.tenant.id);
    const all = await c.post('/month-closings', { month: '2026-03' });
    assert.equal(all.status, 201, all.text);
    assert.equal(all.body.data.employee_id, null);
    const one = await c.post('/month-closings', { month: '2026-03', employee_id: emp.username });
    assert.equal(one.status, 201, one.text);
    assert.equal((await c.post('/month-closings', { month: '2026-03' })).status, 422);
    const bad = await c.post('/month-closings', { month: '2026-13', employee_id: 'nobody' });
    assert.equal(bad.status, 422);
    assert.ok(bad.body.errors.month);
    const unknown = await c.post('/month-closings', { month: '2026-04', employee_id: 'nobody' });
    assert.deepEqual(Object.keys(unknown.body.errors), ['employee_id']);
    const list = await c.get(`/month-closings?employee_id=${emp.username}`);
    assert.deepEqual(
      list.body.data.map((m: any) => m.id),
      [one.body.data.id],
    );
    assert.equal((await c.delete(`/month-closings/${all.body.data.id}`)).status, 204);
    assert.equal((await c.get(`/month-closings/${all.body.data.id}`)).status, 404);
  });

  test("another tenant's month closings are not visible", async () => {
    const a = await t().tenant();
    const b = await t().tenant();
    const m = await a.post('/month-closings', { month: '2026-01' });
    assert.equal((await b.get(`/month-closings/${m.body.data.id}`)).status, 404);
    assert.equal((await b.delete(`/month-closings/${m.body.data.id}`)).status, 404);
    assert.equal((await b.get('/month-closings')).body.meta.total, 0);
  });
});
