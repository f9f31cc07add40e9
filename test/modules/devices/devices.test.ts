// /devices (terminals, docs/api/people.md): list counts, detail employees[] and categories[], writes, password never
// returned, 422 for unknown employees, tenant isolation.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { forEachDialect } from '../../support/app.js';
import { createEmployee } from '../../support/people.js';

forEachDialect('devices', (t) => {
  test('detail has employees[] and categories[]; the list has employees_count and categories_count', async () => {
    const c = await t().tenant();
    await c.post('/categories', { name: 'Lager', type: 'device' });
    await createEmployee(c, { username: 'john.doe' });
    const r = await c.post('/devices', {
      name: 'SSIG All',
      type: 2,
      employees: ['john.doe'],
      categories: ['Lager'],
      min_time: '06:00',
      track: 1,
      password: 'pin-1234',
    });
    assert.equal(r.status, 201, r.text);
    const d = r.body.data;
    assert.deepEqual(
      { ...d, id: 0, categories: [] },
      {
        id: 0,
        type: 2,
        status: 1,
        name: 'SSIG All',
        password: null,
        min_time: '06:00:00',
        max_time: null,
        track: 1,
        display_config: null,
        created_by: null,
        modified_by: null,
        employees: [{ employee_id: 'john.doe' }],
        categories: [],
      },
    );
    assert.deepEqual(
      d.categories.map((x: any) => x.name),
      ['Lager'],
    );
    assert.ok(!r.text.includes('pin-1234'));
    const list = await c.get('/devices');
    assert.equal(list.body.data[0].employees_count, 1);
    assert.equal(list.body.data[0].categories_count, 1);
    assert.ok(!('employees' in list.body.data[0]));
    assert.equal((await c.get(`/devices/${d.id}`)).body.data.name, 'SSIG All');
  });

  test('PATCH replaces employees; unknown employees are 422 on employees; status filter', async () => {
    const c = await t().tenant();
    await createEmployee(c, { username: 'a.a' });
    const d = (await c.post('/devices', { name: 'App', employees: ['a.a'] })).body.data;
    await c.post('/devices', { name: 'Off', status: 0 });
    const p = await c.patch(`/devices/${d.id}`, { employees: [], display_config: { theme: 'dark' } });
    assert.deepEqual(p.body.data.employees, []);
    assert.deepEqual(p.body.data.display_config, { theme: 'dark' });
    const bad = await c.patch(`/devices/${d.id}`, { employees: ['ghost'] });
    assert.equal(bad.status, 422);
    assert.deepEqual(Object.keys(bad.body.errors), ['employees']);
    assert.deepEqual(
      (await c.get('/devices?status=0')).body.data.map((x: any) => x.name),
      ['Off'],
    );
  });

  test('another tenant gets 404; DELETE removes a device', async () => {
    const c = await t().tenant();
    const other = await t().tenant();
    const d = (await c.post('/devices', { name: 'T1' })).body.data;
    assert.equal((await other.get(`/devices/${d.id}`)).status, 404);
    assert.equal((await other.delete(`/devices/${d.id}`)).status, 404);
    assert.equal((await c.delete(`/devices/${d.id}`)).status, 204);
    assert.equal((await c.get(`/devices/${d.id}`)).status, 404);
  });
});
