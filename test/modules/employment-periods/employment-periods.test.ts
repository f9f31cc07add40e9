// /employees/{username}/employment-periods: read shape, open-ended periods, overlap and order rules, PATCH
// semantics, tenant isolation.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { forEachDialect } from '../../support/app.js';
import { createEmployee, userPath } from '../../support/people.js';

const periods = (u: string) => `${userPath(u)}/employment-periods`;

forEachDialect('employment periods', (t) => {
  test('create answers 201 with the full read shape; end_date null means indefinite', async () => {
    const c = await t().tenant();
    const e = await createEmployee(c, { username: "o'brien.j" });
    const r = await c.post(periods(e.username), {
      start_date: '2024-01-01',
      annual_leave_entitlement: 30,
      is_holiday_per_year: true,
      note: 'Vollzeit',
    });
    assert.equal(r.status, 201, r.text);
    assert.deepEqual(
      { ...r.body.data, id: 0, created: null, modified: null },
      {
        id: 0,
        employee_id: "o'brien.j",
        start_date: '2024-01-01T00:00:00.000000Z',
        end_date: null,
        note: 'Vollzeit',
        beginning_of_year: null,
        annual_leave_entitlement: 30,
        period_holiday_entitlement: null,
        is_holiday_per_year: true,
        day_absent_in_hours: null,
        created: null,
        modified: null,
        created_by: null,
        modified_by: null,
      },
    );
    const list = await c.get(periods(e.username));
    assert.equal(list.body.meta.total, 1);
    assert.equal((await c.get(`${periods(e.username)}/${r.body.data.id}`)).body.data.note, 'Vollzeit');
  });

  test('closed periods followed by an open one are fine; touching days overlap', async () => {
    const c = await t().tenant();
    const e = await createEmployee(c);
    assert.equal((await c.post(periods(e.username), { start_date: '2020-01-01', end_date: '2020-12-31' })).status, 201);
    assert.equal((await c.post(periods(e.username), { start_date: '2021-01-01', end_date: '2022-06-30' })).status, 201);
    assert.equal((await c.post(periods(e.username), { start_date: '2023-01-01' })).status, 201);
    const touching = await c.post(periods(e.username), { start_date: '2022-06-30', end_date: '2022-12-31' });
    assert.equal(touching.status, 422);
    assert.deepEqual(Object.keys(touching.body.errors), ['start_date']);
    const afterOpen = await c.post(periods(e.username), { start_date: '2030-01-01', end_date: '2030-12-31' });
    assert.equal(afterOpen.status, 422, 'an open end runs forever');
  });

  test('a period without start is open towards the past and overlaps everything before its end', async () => {
    const c = await t().tenant();
    const e = await createEmployee(c);
    const r = await c.post(periods(e.username), { end_date: '2019-12-31' });
    assert.equal(r.status, 201, r.text);
    assert.equal(r.body.data.start_date, null);
    assert.equal((await c.post(periods(e.username), { start_date: '1990-01-01', end_date: '1990-12-31' })).status, 422);
    assert.equal((await c.post(periods(e.username), { start_date: '2020-01-01' })).status, 201);
  });

  test('an end before the start is 422 on end_date', async () => {
    const c = await t().tenant();
    const e = await createEmployee(c);
    const r = await c.post(periods(e.username), { start_date: '2024-05-01', end_date: '2024-04-30' });
    assert.equal(r.status, 422);
    assert.deepEqual(Object.keys(r.body.errors), ['end_date']);
  });

  test('PATCH merges: closing an open period, and a change that would overlap is 422', async () => {
    const c = await t().tenant();
    const e = await createEmployee(c);
    const first = (await c.post(periods(e.username), { start_date: '2024-01-01' })).body.data;
    const closed = await c.patch(`${periods(e.username)}/${first.id}`, { end_date: '2024-06-30' });
    assert.equal(closed.status, 200, closed.text);
    assert.equal(closed.body.data.start_date, '2024-01-01T00:00:00.000000Z');
    assert.equal(closed.body.data.end_date, '2024-06-30T00:00:00.000000Z');
    const second = (await c.post(periods(e.username), { start_date: '2024-07-01' })).body.data;
    const bad = await c.put(`${periods(e.username)}/${second.id}`, { start_date: '2024-06-01' });
    assert.equal(bad.status, 422);
    assert.ok(bad.body.errors.start_date);
    const own = await c.put(`${periods(e.username)}/${second.id}`, {
      ...second,
      start_date: '2024-07-02',
      end_date: null,
    });
    assert.equal(own.status, 200, 'a period does not overlap itself; read-form dates are accepted');
    assert.equal(own.body.data.start_date, '2024-07-02T00:00:00.000000Z');
  });

  test('periods of different employees may overlap', async () => {
    const c = await t().tenant();
    const a = await createEmployee(c);
    const b = await createEmployee(c);
    assert.equal((await c.post(periods(a.username), { start_date: '2024-01-01' })).status, 201);
    assert.equal((await c.post(periods(b.username), { start_date: '2024-01-01' })).status, 201);
  });

  test('employee_id naming someone else is 422; unknown employee, period of another employee or tenant is 404', async () => {
    const c = await t().tenant();
    const other = await t().tenant();
    const a = await createEmployee(c);
    const b = await createEmployee(c);
    const bad = await c.post(periods(a.username), { employee_id: b.username, start_date: '2024-01-01' });
    assert.equal(bad.status, 422);
    assert.deepEqual(Object.keys(bad.body.errors), ['employee_id']);
    const p = (await c.post(periods(a.username), { employee_id: a.username, start_date: '2024-01-01' })).body.data;
    assert.equal((await c.get(`${periods(b.username)}/${p.id}`)).status, 404);
    assert.equal((await c.get(periods('ghost'))).status, 404);
    await createEmployee(other, { username: a.username });
    assert.equal((await other.get(`${periods(a.username)}/${p.id}`)).status, 404);
    assert.equal((await other.get(periods(a.username))).body.meta.total, 0);
  });

  test('DELETE removes a period', async () => {
    const c = await t().tenant();
    const e = await createEmployee(c);
    const p = (await c.post(periods(e.username), { start_date: '2024-01-01' })).body.data;
    assert.equal((await c.delete(`${periods(e.username)}/${p.id}`)).status, 204);
    assert.equal((await c.get(`${periods(e.username)}/${p.id}`)).status, 404);
  });
});
