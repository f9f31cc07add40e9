// /employees/{username}/meals: shapes, rules, tenant isolation.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { forEachDialect } from '../../support/app.js';
import { createEmployee, userPath } from '../../support/people.js';

forEachDialect('meals', (t) => {
  test('meals: type object, one meal of a type per day (422 on meal_type), date filters', async () => {
    const c = await t().tenant();
    const e = await createEmployee(c);
    const path = `${userPath(e.username)}/meals`;
    const r = await c.post(path, { date: '2024-03-05', meal_type: 2, note: 'Kantine' });
    assert.equal(r.status, 201, r.text);
    assert.deepEqual(r.body.data.meal_type, { id: 2, name: 'Lunch' });
    assert.equal(r.body.data.date, '2024-03-05T00:00:00.000000Z');
    await c.post(path, { date: '2024-03-04', meal_type: 1 });
    const dup = await c.post(path, { date: '2024-03-05', meal_type: 2 });
    assert.equal(dup.status, 422);
    assert.deepEqual(Object.keys(dup.body.errors), ['meal_type']);
    const bad = await c.post(path, { date: '2024-03-05', meal_type: 7 });
    assert.deepEqual(Object.keys(bad.body.errors), ['meal_type']);
    assert.deepEqual(
      (await c.get(path)).body.data.map((m: any) => m.date.slice(0, 10)),
      ['2024-03-04', '2024-03-05'],
    );
    assert.deepEqual(
      (await c.get(`${path}?start_date=2024-03-05`)).body.data.map((m: any) => m.note),
      ['Kantine'],
    );
    assert.equal((await c.get(`${path}?end_date=`)).status, 422);
    assert.equal((await c.get(`${path}/${r.body.data.id}`)).body.data.note, 'Kantine');
  });

  test('another tenant gets 404 for meals', async () => {
    const c = await t().tenant();
    const other = await t().tenant();
    const e = await createEmployee(c, { username: 'same.user' });
    await createEmployee(other, { username: 'same.user' });
    const meal = (await c.post(`${userPath(e.username)}/meals`, { date: '2024-01-02', meal_type: 1 })).body.data;
    assert.equal((await other.get(`${userPath(e.username)}/meals/${meal.id}`)).status, 404);
    assert.equal((await other.get(`${userPath(e.username)}/meals`)).body.meta.total, 0);
  });
});
