// The calls the public MCP server paulkatio/zep-mcp-server makes for its 7 absence tools, replayed as it sends
// them (paths, query parameters, legacy body), asserting the fields it reads.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { addDays } from '../../../src/values/formats.js';
import { forEachDialect } from '../../support/app.js';
import { absenceWorld } from '../../support/absences.js';
import { createToken } from '../../../src/tenancy/tokens.js';

/** The client's paginateAll: page by page with limit 100 until last_page. */
async function paginateAll(get: (p: string) => Promise<any>, path: string, query: Record<string, string>) {
  const out: any[] = [];
  for (let page = 1; ; page++) {
    const r = await get(`${path}?${new URLSearchParams({ ...query, page: String(page), limit: '100' })}`);
    assert.equal(r.status, 200, r.text);
    out.push(...r.body.data);
    if (r.body.data.length === 0 || page >= r.body.meta.last_page) return out;
  }
}

forEachDialect('absences: zep-mcp-server calls', (t) => {
  test('create (legacy body), get, list with the widened window, employee list, vacation balance, pending', async () => {
    const w = await absenceWorld(t());
    const get = (p: string) => w.c.get(p);
    const employee = await w.addEmployee({ periods: [] });
    const u = encodeURIComponent(employee);
    assert.equal(
      (
        await w.c.post(`/employees/${u}/employment-periods`, {
          start_date: '2026-01-01',
          annual_leave_entitlement: 30,
          is_holiday_per_year: true,
        })
      ).status,
      201,
    );

    // zep_create_absence: the legacy body exactly as its schema allows.
    const created = await w.c.post('/absences', {
      employee_id: employee,
      absence_reason_id: 'UB',
      from: '2026-06-22',
      to: '2026-06-26',
      days: 5,
      half_day_from: false,
      half_day_to: true,
      comment: 'Urlaub',
      approval_status: 'pending',
    });
    assert.equal(created.status, 201, created.text);
    const sick = await w.absence({ employee_id: employee, start_date: '2026-06-29' });

    // zep_get_absence
    const detail = (await get(`/absences/${created.body.data.id}`)).body.data;
    for (const key of [
      'employee_id',
      'absence_reason_id',
      'start_date',
      'end_date',
      'hours',
      'approved',
      'absenceReason',
      'created',
      'modified',
    ])
      assert.ok(key in detail, key);

    // zep_list_absences / zep_list_pending_absences / team status: the window widened by 366 days on both sides.
    const day = '2026-06-24';
    const rows = await paginateAll(get, '/absences', { start_date: addDays(day, -366), end_date: addDays(day, 366) });
    const onDay = rows.filter((a) => a.start_date.slice(0, 10) <= day && day <= a.end_date.slice(0, 10));
    assert.deepEqual(
      onDay.map((a) => a.id),
      [created.body.data.id],
    );
    const pending = rows.filter((a) => a.approved !== true);
    assert.deepEqual(
      pending.map((a) => [a.id, a.leaveApprovalApplication?.status?.name]),
      [[created.body.data.id, 'beantragt']],
    );
    assert.equal(rows.find((a) => a.id === sick.id).absenceReason.comment.split('|')[0], 'Krank');
    assert.deepEqual(
      (await paginateAll(get, '/absences', { employee_id: employee })).map((a) => a.id),
      [created.body.data.id, sick.id],
    );

    // zep_list_employee_absences
    const mine = await paginateAll(get, `/employees/${u}/absences`, {});
    assert.deepEqual(
      mine.map((a) => [a.id, a.absence_reason_id, a.approved]),
      [
        [created.body.data.id, 'UB', false],
        [sick.id, 'KR', true],
      ],
    );

    // zep_get_employee_vacation_balance: the period covering the year, the application's number_of_days once.
    const periods = await paginateAll(get, `/employees/${u}/employment-periods`, {});
    const covering = periods.find(
      (p) =>
        p.start_date.slice(0, 10) <= '2026-12-31' && (p.end_date == null || p.end_date.slice(0, 10) >= '2026-01-01'),
    );
    assert.equal(
      covering.is_holiday_per_year ? covering.annual_leave_entitlement : covering.period_holiday_entitlement,
      30,
    );
    const leave = rows.filter((a) => a.absence_reason_id === 'UB');
    assert.deepEqual(
      leave.map((a) => [a.leaveApprovalApplication.id, Number.parseFloat(a.leaveApprovalApplication.number_of_days)]),
      [[created.body.data.leaveApprovalApplication.id, 4.5]],
    );
  });

  test('the same tools with a personal token of a User: their own absences, nobody else’s', async () => {
    const w = await absenceWorld(t());
    const employee = await w.addEmployee({ periods: [['2026-01-01', null]] });
    const u = encodeURIComponent(employee);
    const { token } = await createToken(t().database.db, w.c.tenant.id, { employeeId: employee });
    const me = t().client(w.c.tenant, token);
    const get = (p: string) => me.get(p);
    const colleagues = await w.absence({ start_date: '2026-06-24' });

    const created = await me.post('/absences', {
      employee_id: employee,
      absence_reason_id: 'UB',
      from: '2026-06-22',
      to: '2026-06-26',
      days: 5,
      half_day_from: false,
      half_day_to: true,
      comment: 'Urlaub',
      approval_status: 'pending',
    });
    assert.equal(created.status, 201, created.text);
    assert.equal((await get(`/absences/${created.body.data.id}`)).status, 200);
    assert.equal((await get(`/absences/${colleagues.id}`)).status, 404, 'a colleague’s absence is not revealed');
    const day = '2026-06-24';
    const rows = await paginateAll(get, '/absences', { start_date: addDays(day, -366), end_date: addDays(day, 366) });
    assert.deepEqual(
      rows.map((a) => a.id),
      [created.body.data.id],
    );
    assert.deepEqual(
      (await paginateAll(get, `/employees/${u}/absences`, {})).map((a) => a.id),
      [created.body.data.id],
    );
    assert.equal((await paginateAll(get, `/employees/${u}/employment-periods`, {})).length, 1);
    // The team-status tool lists employees: a User's list holds only themself.
    assert.deepEqual(
      (await paginateAll(get, '/employees', {})).map((e) => e.username),
      [employee],
    );
  });
});
