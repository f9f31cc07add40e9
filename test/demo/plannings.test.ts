// The demo's plans: next week planned for two employees (and a time range), a default planning over next month and
// one resource planning.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { demoData } from '../../src/demo/index.js';
import { forEachDialect } from '../support/app.js';

forEachDialect('demo plannings', (t) => {
  test('a week of plans, a default planning and one resource planning', async () => {
    const c = await t().tenant({ language: 'en', modules: ['resource_planning'] });
    await demoData(t().database.db, c.tenant, t().dialect);
    const plans = (await c.get('/plannings?limit=50')).body;
    const of = (u: string) => plans.data.filter((p: any) => p.employee_id === u);
    // Monday to Friday of next week, without the holidays it may hold.
    assert.ok(
      of('anna.schmidt').length >= 3 && of('anna.schmidt').length <= 5,
      JSON.stringify(plans.data.map((p: any) => p.date)),
    );
    assert.equal(of('max.mustermann').length, of('anna.schmidt').length);
    assert.ok(of('anna.schmidt').every((p: any) => p.planning_in_percent === 50 && p.working_day === 1));
    assert.ok(plans.data.some((p: any) => p.kind === 3 && p.planning_in_hours === 3.5));
    assert.equal((await c.get('/default-plannings')).body.meta.total, 1);
    const resource = (await c.get('/resource-plannings')).body.data;
    assert.equal(resource.length, 1);
    assert.ok(resource[0].planned_hours_total > 0);
    assert.equal(Object.keys(resource[0].planned_hours_per_month).length, 3);
  });
});
