// Row rules: a User's personal token reaches their own bookings, absences and records below their employee, nothing
// of a colleague's (404, not revealed), lists filtered with meta.total counting only theirs (docs/api/permissions.md).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { forEachDialect } from '../support/app.js';
import { bookingWorld, type World } from '../support/booking-world.js';
import { absenceWorld } from '../support/absences.js';
import { createToken } from '../../src/tenancy/tokens.js';
import { MODULES } from '../../src/tenancy/tenants.js';

forEachDialect('row rules of personal tokens', (t) => {
  /** The world's employee (a User) with a personal token, a colleague, and one booking of each. */
  async function setup() {
    const w = await bookingWorld(t());
    const colleague = await w.addEmployee();
    const mine = await w.book();
    const theirs = await w.book({ employee_id: colleague });
    assert.equal(mine.status, 201, mine.text);
    assert.equal(theirs.status, 201, theirs.text);
    const { token } = await createToken(t().database.db, w.c.tenant.id, { employeeId: w.employee });
    return { w, colleague, me: t().client(w.c.tenant, token), mine: mine.body.data, theirs: theirs.body.data };
  }
  const bookingOf = (w: World, employee: string) => w.body({ employee_id: employee, date: '2026-03-11' });

  test('a User lists only their own bookings; meta.total counts only those', async () => {
    const { me, mine, w } = await setup();
    const r = await me.get('/attendances');
    assert.equal(r.status, 200, r.text);
    assert.deepEqual(
      r.body.data.map((a: any) => a.id),
      [mine.id],
    );
    assert.equal(r.body.meta.total, 1);
    assert.equal((await w.c.get('/attendances')).body.meta.total, 2, 'the service token sees both');
    assert.equal((await me.get(`/attendances?employee_id=${mine.employee_id}`)).status, 200);
  });

  test('a Controller reads everyone’s bookings, books their own, not others’, and does not release', async () => {
    const { me, mine, theirs, colleague, w } = await setup();
    assert.equal((await w.c.patch(`/employees/${encodeURIComponent(w.employee)}`, { rights: 2 })).status, 200);
    assert.equal((await me.get('/attendances')).body.meta.total, 2, 'reads every booking');
    assert.equal((await me.get(`/attendances/${theirs.id}`)).status, 200);
    const own = await me.post('/attendances', bookingOf(w, w.employee));
    assert.equal(own.status, 201, own.text);
    assert.equal((await me.patch(`/attendances/${mine.id}`, { note: 'Mine' })).status, 200);
    const other = await me.post('/attendances', { ...bookingOf(w, colleague), from: '14:00', to: '15:00' });
    assert.equal(other.status, 403, other.text);
    // Writes reach only their own rows: another's booking is not one of them (404, as for every row rule).
    const changed = await me.patch(`/attendances/${theirs.id}`, { note: 'Not mine' });
    assert.equal(changed.status, 404, changed.text);
    assert.equal((await w.c.get(`/attendances/${theirs.id}`)).body.data.note, theirs.note, 'unchanged');
    await w.c.update({ modules: [...MODULES] }); // the project release module
    const released = await me.patch(`/attendances/${mine.id}/release`, { project_release: 1 });
    assert.equal(released.status, 403, released.text);
    assert.equal(released.body.required, 'attendances:release');
  });

  test('a colleague’s booking is 404 to read, change and delete; one’s own works', async () => {
    const { me, mine, theirs, w } = await setup();
    for (const r of [
      await me.get(`/attendances/${theirs.id}`),
      await me.patch(`/attendances/${theirs.id}`, { note: 'x' }),
      await me.delete(`/attendances/${theirs.id}`),
    ]) {
      assert.equal(r.status, 404, r.text);
    }
    assert.equal((await w.c.get(`/attendances/${theirs.id}`)).body.data.note, theirs.note, 'unchanged');
    assert.equal((await me.get(`/attendances/${mine.id}`)).status, 200);
    assert.equal((await me.patch(`/attendances/${mine.id}`, { note: 'mine' })).status, 200);
  });

  test('a User books for themself; for a colleague it is 403, and asking a colleague’s list is 403', async () => {
    const { me, colleague, w } = await setup();
    const own = await me.post('/attendances', bookingOf(w, w.employee));
    assert.equal(own.status, 201, own.text);
    const other = await me.post('/attendances', bookingOf(w, colleague));
    assert.equal(other.status, 403, other.text);
    assert.match(other.body.required, /^attendances:write/);
    const bulk = await me.post('/attendances/bulk', { items: [bookingOf(w, colleague)] });
    assert.equal(bulk.status, 403, bulk.text);
    const list = await me.get(`/attendances?employee_id=${encodeURIComponent(colleague)}`);
    assert.equal(list.status, 403, list.text);
    assert.match(list.body.required, /^attendances:read/);
  });

  test('records below an employee: one’s own are reachable, a colleague’s are 404; the employee list shows themself', async () => {
    const { me, colleague, w } = await setup();
    const path = (u: string) => `/employees/${encodeURIComponent(u)}`;
    assert.equal((await me.get(path(w.employee))).status, 200);
    assert.equal((await me.get(`${path(w.employee)}/employment-periods`)).status, 200);
    assert.equal((await me.get(path(colleague))).status, 404);
    assert.equal((await me.get(`${path(colleague)}/employment-periods`)).status, 404);
    assert.equal((await me.get(`${path(colleague)}/regular-working-times`)).status, 404);
    const list = await me.get('/employees');
    assert.equal(list.status, 200, list.text);
    assert.deepEqual(
      list.body.data.map((e: any) => e.username),
      [w.employee],
    );
    assert.equal(list.body.meta.total, 1);
    assert.equal((await me.patch(path(w.employee), { rights: 1 })).status, 403, 'no one raises their own rights');
  });

  test('a User requests leave but does not approve it; a Controller does', async () => {
    const w = await absenceWorld(t());
    const user = t().client(
      w.c.tenant,
      (await createToken(t().database.db, w.c.tenant.id, { employeeId: w.employee })).token,
    );
    const approver = await w.addEmployee();
    assert.equal((await w.c.patch(`/employees/${encodeURIComponent(approver)}`, { rights: 2 })).status, 200);
    const controller = t().client(
      w.c.tenant,
      (await createToken(t().database.db, w.c.tenant.id, { employeeId: approver })).token,
    );
    const ask = (start_date: string, more: Record<string, unknown> = {}) =>
      user.post('/absences', { employee_id: w.employee, absence_reason_id: 'UB', start_date, ...more });
    const asked = await ask('2026-03-16');
    assert.equal(asked.status, 201, asked.text);
    const self = await user.patch(`/absences/${asked.body.data.id}`, { approved: true });
    assert.equal(self.status, 403, self.text);
    assert.equal(self.body.required, 'absences:approve');
    // Nor through the legacy fields, un-planning (which approves) or by naming a decider — in a change or a create.
    const planned = await ask('2026-03-18', { planned: true });
    assert.equal(planned.status, 201, planned.text);
    for (const [path, body] of [
      [`/absences/${asked.body.data.id}`, { approval_status: 'approved' }],
      [`/absences/${asked.body.data.id}`, { approval_status: 'rejected' }],
      [`/absences/${asked.body.data.id}`, { status_edited_by: w.employee }],
      [`/absences/${planned.body.data.id}`, { planned: false }],
    ] as const) {
      const refused = await user.patch(path, body);
      assert.equal(refused.status, 403, `${JSON.stringify(body)}: ${refused.text}`);
      assert.equal(refused.body.required, 'absences:approve');
    }
    for (const approval_status of ['approved', 'rejected']) {
      const refused = await ask('2026-03-19', { approval_status });
      assert.equal(refused.status, 403, refused.text);
    }
    const listed = await w.c.get(`/absences?employee_id=${encodeURIComponent(w.employee)}`);
    assert.deepEqual(
      listed.body.data
        .map((a: { start_date: string; approved: boolean }) => [a.start_date.slice(0, 10), a.approved])
        .sort(),
      [
        ['2026-03-16', false],
        ['2026-03-18', false],
      ],
      'nothing of the refused writes is stored',
    );
    const pending = await ask('2026-03-19', { approval_status: 'pending', planned: false });
    assert.equal(pending.status, 201, pending.text);
    assert.equal(pending.body.data.approved, false, 'a request, not a decision');
    const created = await ask('2026-03-17', { approved: true });
    // A new absence's `approved` is not a field of the request: the request stays pending.
    assert.equal(created.status, 201, created.text);
    assert.equal(created.body.data.approved, false);
    const decided = await controller.patch(`/absences/${asked.body.data.id}`, { approved: true });
    assert.equal(decided.status, 200, decided.text);
    assert.equal(decided.body.data.approved, true);
    assert.equal((await user.get(`/absences/${asked.body.data.id}`)).body.data.approved, true, 'the requester sees it');
  });
  test('a User reads the projects they are assigned to, with their tasks; other projects are 404', async () => {
    const { me, w } = await setup();
    const assigned = await w.c.post(`/projects/${w.projectId}/employees`, { employee_id: w.employee });
    assert.equal(assigned.status, 201, assigned.text);
    const other = await w.addProject();
    assert.equal((await me.get(`/projects/${w.projectId}`)).status, 200);
    assert.equal((await me.get(`/projects/${w.projectId}/tasks`)).status, 200);
    assert.equal((await me.get(`/projects/${other.projectId}`)).status, 404);
    assert.equal((await me.get(`/projects/${other.projectId}/tasks`)).status, 404);
    const mine = await me.get(`/employees/${encodeURIComponent(w.employee)}/projects`);
    assert.equal(mine.status, 200, mine.text);
    assert.equal(
      (await me.get(`/projects/${w.projectId}/employees`)).status,
      403,
      'who else works on it is not theirs',
    );
    assert.equal((await me.patch(`/projects/${w.projectId}`, { name: 'mine now' })).status, 403);
  });
});
