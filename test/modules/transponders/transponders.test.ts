// /employees/{username}/transponders: shapes, rules, tenant isolation.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { forEachDialect } from '../../support/app.js';
import { createEmployee, userPath } from '../../support/people.js';

forEachDialect('transponders', (t) => {
  test('transponders: paginated list, unique number (422 on number), valid_until >= valid_from', async () => {
    const c = await t().tenant();
    const e = await createEmployee(c, { username: "d'arcy" });
    const path = `${userPath(e.username)}/transponders`;
    assert.deepEqual((await c.get(path)).body.meta.total, 0);
    const r = await c.post(path, { number: '04A1B2', valid_from: '2024-01-01' });
    assert.equal(r.status, 201, r.text);
    assert.deepEqual(
      { ...r.body.data, id: 0, created: null, modified: null },
      {
        id: 0,
        employee_id: "d'arcy",
        number: '04A1B2',
        valid_from: '2024-01-01T00:00:00.000000Z',
        valid_until: null,
        note: null,
        created: null,
        modified: null,
        created_by: null,
        modified_by: null,
      },
    );
    const other = await createEmployee(c);
    const dup = await c.post(`${userPath(other.username)}/transponders`, { number: '04A1B2' });
    assert.equal(dup.status, 422);
    assert.deepEqual(Object.keys(dup.body.errors), ['number']);
    const bad = await c.patch(`${path}/${r.body.data.id}`, { valid_until: '2023-12-31' });
    assert.equal(bad.status, 422);
    assert.deepEqual(Object.keys(bad.body.errors), ['valid_until']);
    assert.equal(
      (await c.patch(`${path}/${r.body.data.id}`, { valid_until: '2024-12-31' })).body.data.valid_until,
      '2024-12-31T00:00:00.000000Z',
    );
    assert.equal((await c.get(`${userPath(other.username)}/transponders/${r.body.data.id}`)).status, 404);
    assert.equal((await c.delete(`${path}/${r.body.data.id}`)).status, 204);
  });

  test('an unknown employee has no transponders: 404', async () => {
    const c = await t().tenant();
    assert.equal((await c.get(`${userPath('ghost')}/transponders`)).status, 404);
  });
});
