// Row kinds beyond one's own (docs/api/permissions.md): a Project Controller reads the bookings, plans and
// plan-vs-actual of the projects they control; a User with extended rights reads their department's absences without
// reasons; a User lists only themself among employees, the projects they are assigned to and their own balance.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { Kysely } from 'kysely';
import { forEachDialect, type Client, type TestContext } from '../support/app.js';
import { planWorld, type PlanWorld } from '../support/plannings.js';
import { createToken } from '../../src/tenancy/tokens.js';
import { MODULES } from '../../src/tenancy/tenants.js';

const ids = (r: { body: any }) => r.body.data.map((x: any) => x.id).sort((a: any, b: any) => (a < b ? -1 : 1));

/** A personal token of `username`, with `rights` set first. */
async function personal(t: TestContext, w: PlanWorld, username: string, rights: number): Promise<Client> {
  await (w.db as Kysely<any>)
    .updateTable('employees')
    .set({ rights })
    .where('tenant_id', '=', w.c.tenant.id)
    .where('username', '=', username)
    .execute();
  const { token } = await createToken(t.database.db, w.c.tenant.id, { employeeId: username });
  return t.client(w.c.tenant, token);
}

forEachDialect('row kinds: controlled projects, department, own lists', (t) => {
  /**
   * The world's employee is a Project Controller: project manager of project A (w.projectId), a plain member of
   * project B. A colleague books and plans on both; the controller on B.
   */
  async function controlling() {
    const w = await planWorld(t());
    const colleague = w.halfTime;
    const b = await w.addProject();
    const lead = await w.c.post(`/projects/${w.projectId}/employees`, { employee_id: w.employee, type: '1' });
    assert.equal(lead.status, 201, lead.text);
    const member = await w.c.post(`/projects/${b.projectId}/employees`, { employee_id: w.employee });
    assert.equal(member.status, 201, member.text);
    const onB = { project_id: b.projectId, project_task_id: b.taskId };
    const book = async (over: Record<string, unknown>) => {
      const r = await w.book(over);
      assert.equal(r.status, 201, r.text);
      return r.body.data;
    };
    const bookings = {
      mine: await book({ ...onB, date: '2026-03-11' }),
      controlled: await book({ employee_id: colleague }),
      foreign: await book({ employee_id: colleague, ...onB, date: '2026-03-11' }),
    };
    const plans = {
      mine: await w.planned({ project_id: b.projectId, date: '2026-03-12' }),
      controlled: await w.planned({ employee_id: colleague, planning: 4 }),
      foreign: await w.planned({ employee_id: colleague, project_id: b.projectId, date: '2026-03-12', planning: 4 }),
    };
    const pc = await personal(t(), w, w.employee, 4);
    return { w, colleague, b, pc, bookings, plans };
  }

  test('a Project Controller reads the bookings of the projects they control; lists count only those', async () => {
    const { w, pc, bookings, colleague } = await controlling();
    const list = await pc.get('/attendances');
    assert.equal(list.status, 200, list.text);
    assert.deepEqual(ids(list), [bookings.mine.id, bookings.controlled.id].sort());
    assert.equal(list.body.meta.total, 2);
    assert.equal((await w.c.get('/attendances')).body.meta.total, 3, 'the service token sees all three');
    const theirs = await pc.get(`/attendances?employee_id=${encodeURIComponent(colleague)}`);
    assert.equal(theirs.status, 200, theirs.text);
    assert.deepEqual(ids(theirs), [bookings.controlled.id]);
    assert.equal((await pc.get(`/attendances/${bookings.controlled.id}`)).status, 200);
    assert.equal((await pc.get(`/attendances/${bookings.foreign.id}`)).status, 404);
    // Reading is all they get: a controlled project's booking is not theirs to change, and they book for themselves.
    assert.equal((await pc.patch(`/attendances/${bookings.controlled.id}`, { note: 'x' })).status, 404);
    assert.equal((await pc.delete(`/attendances/${bookings.controlled.id}`)).status, 404);
    const forOther = await pc.post('/attendances', w.body({ employee_id: colleague, date: '2026-03-13' }));
    assert.equal(forOther.status, 403, forOther.text);
    assert.equal(forOther.body.required, 'attendances:write (other employees)');
  });

  test('a Project Controller releases the bookings of the projects they control, and only those', async () => {
    const { w, pc, bookings } = await controlling();
    await w.c.update({ modules: [...MODULES] });
    const release = (id: number) => pc.patch(`/attendances/${id}/release`, { project_release: 1 });
    const released = await release(bookings.controlled.id);
    assert.equal(released.status, 200, released.text);
    assert.equal(released.body.data.project_release.id, 1);
    // Their own booking on a project they do not control is the project's decision, not theirs.
    const own = await release(bookings.mine.id);
    assert.equal(own.status, 403, own.text);
    assert.equal(own.body.required, 'attendances:release');
    const foreign = await release(bookings.foreign.id);
    assert.equal(foreign.status, 403, foreign.text);
    assert.equal(foreign.body.required, 'attendances:release');
  });

  test('a Project Controller reads the plans, standing plans and plan-vs-actual of the projects they control', async () => {
    const { w, pc, plans, b, colleague } = await controlling();
    const list = await pc.get('/plannings?date_from=2026-03-01&date_to=2026-03-31');
    assert.equal(list.status, 200, list.text);
    assert.deepEqual(ids(list), [plans.mine.id, plans.controlled.id].sort());
    assert.equal(list.body.meta.total, 2);
    assert.equal((await pc.get(`/plannings/${plans.controlled.id}`)).status, 200);
    assert.equal((await pc.get(`/plannings/${plans.foreign.id}`)).status, 404);
    assert.equal((await pc.patch(`/plannings/${plans.controlled.id}`, { planning: 1 })).status, 404);

    const standing = async (over: Record<string, unknown>) => {
      const r = await w.c.post('/default-plannings', {
        employee_id: colleague,
        project_id: w.projectId,
        kind: 1,
        planning: 2,
        start_date: '2026-03-16',
        end_date: '2026-03-20',
        ...over,
      });
      assert.equal(r.status, 201, r.text);
      return r.body.data;
    };
    const controlled = await standing({});
    const foreign = await standing({ project_id: b.projectId });
    const defaults = await pc.get('/default-plannings');
    assert.equal(defaults.status, 200, defaults.text);
    assert.deepEqual(ids(defaults), [controlled.id]);
    assert.equal(defaults.body.meta.total, 1);
    assert.equal((await pc.get(`/default-plannings/${foreign.id}`)).status, 404);
    // The days of standing plans follow the same rows: 5 days of the controlled one, none of the other.
    const days = await pc.get('/plannings?date_from=2026-03-16&date_to=2026-03-20&include_defaults=true&limit=50');
    assert.equal(days.status, 200, days.text);
    assert.equal(days.body.meta.total, 5);
    assert.ok(days.body.data.every((p: any) => p.project_id === w.projectId));
    assert.equal(
      (await w.c.get('/plannings?date_from=2026-03-16&date_to=2026-03-20&include_defaults=true')).body.meta.total,
      10,
    );

    const window = 'date_from=2026-03-01&date_to=2026-03-31';
    const led = await pc.get(`/projects/${w.projectId}/plan-vs-actual?${window}`);
    assert.equal(led.status, 200, led.text);
    assert.deepEqual([...new Set(led.body.data.map((r: any) => r.employee_id))], [colleague], 'the whole project');
    const member = await pc.get(`/projects/${b.projectId}/plan-vs-actual?${window}`);
    assert.equal(member.status, 200, member.text);
    assert.deepEqual([...new Set(member.body.data.map((r: any) => r.employee_id))], [w.employee], 'only their own');
  });

  test('a User with extended rights sees the department’s absences without reasons; their own keep them', async () => {
    const w = await planWorld(t());
    const [colleague, outsider] = [w.halfTime, await w.addEmployee()];
    const other = await w.c.post('/departments', { name: 'Elsewhere' });
    assert.equal(other.status, 201, other.text);
    assert.equal(
      (await w.c.patch(`/employees/${encodeURIComponent(outsider)}`, { department_id: other.body.data.id })).status,
      200,
    );
    const mine = await w.absence({ absence_reason_id: 'UB', start_date: '2026-03-16', note: 'Skiing' });
    const sick = await w.absence({ employee_id: colleague, start_date: '2026-03-17', note: 'Flu' });
    const away = await w.absence({ employee_id: outsider, start_date: '2026-03-18' });
    const me = await personal(t(), w, w.employee, 3);

    const list = await me.get('/absences');
    assert.equal(list.status, 200, list.text);
    assert.deepEqual(ids(list), [mine.id, sick.id].sort());
    assert.equal(list.body.meta.total, 2);
    const byId = new Map(list.body.data.map((a: any) => [a.id, a]));
    assert.deepEqual(byId.get(mine.id), (await w.c.get(`/absences/${mine.id}`)).body.data, 'one’s own in full');
    const shown: any = byId.get(sick.id);
    const full = (await w.c.get(`/absences/${sick.id}`)).body.data;
    assert.equal(full.absence_reason_id, 'KR');
    assert.equal(shown.absence_reason_id, '');
    assert.equal(shown.absenceReason.name, '');
    assert.equal(shown.note, null);
    assert.equal(shown.leaveApprovalApplication, null);
    for (const field of ['employee_id', 'type', 'start_date', 'end_date', 'hours', 'approved'])
      assert.deepEqual(shown[field], full[field], field);
    // The CSV export of the list hides the same: the colleague's line names no reason and no note.
    const csv = await me.get('/absences?format=csv');
    assert.equal(csv.status, 200, csv.text);
    const lines = csv.text.trim().split('\n');
    assert.equal(lines.length, 3, csv.text);
    const line = lines.find((l) => l.startsWith(`${sick.id},`))!;
    assert.ok(line && !line.includes('KR') && !line.includes('Flu'), line);
    assert.ok(lines.some((l) => l.startsWith(`${mine.id},`) && l.includes('Skiing')));
    const single = await me.get(`/absences/${sick.id}`);
    assert.equal(single.status, 200, single.text);
    assert.deepEqual(single.body.data, shown);
    assert.equal((await me.get(`/absences/${away.id}`)).status, 404, 'another department');
    assert.equal((await me.patch(`/absences/${sick.id}`, { note: 'x' })).status, 404, 'no writes on them');
    assert.equal((await me.delete(`/absences/${sick.id}`)).status, 404);
    const theirs = await me.post('/absences', {
      employee_id: colleague,
      absence_reason_id: 'KR',
      start_date: '2026-03-19',
    });
    assert.equal(theirs.status, 403, theirs.text);

    const user = await personal(t(), w, colleague, 0);
    const plain = await user.get('/absences');
    assert.deepEqual(ids(plain), [sick.id], 'a User sees only their own');
    assert.equal(plain.body.data[0].absence_reason_id, 'KR');
  });

  test('a User with extended rights sees a department colleague’s absences below the colleague too, without reasons', async () => {
    const w = await planWorld(t());
    const [colleague, outsider] = [w.halfTime, await w.addEmployee()];
    const other = await w.c.post('/departments', { name: 'Elsewhere' });
    assert.equal(other.status, 201, other.text);
    const moved = await w.c.patch(`/employees/${encodeURIComponent(outsider)}`, { department_id: other.body.data.id });
    assert.equal(moved.status, 200, moved.text);
    const mine = await w.absence({ absence_reason_id: 'UB', start_date: '2026-03-16', note: 'Skiing' });
    const sick = await w.absence({ employee_id: colleague, start_date: '2026-03-17', note: 'Flu' });
    await w.absence({ employee_id: outsider, start_date: '2026-03-18' });
    const me = await personal(t(), w, w.employee, 3);
    const below = (u: string, q = '') => me.get(`/employees/${encodeURIComponent(u)}/absences${q}`);

    const theirs = await below(colleague);
    assert.equal(theirs.status, 200, theirs.text);
    assert.deepEqual(ids(theirs), [sick.id]);
    assert.equal(theirs.body.data[0].absence_reason_id, '');
    assert.equal(theirs.body.data[0].note, '');
    const full = (await w.c.get(`/employees/${encodeURIComponent(colleague)}/absences`)).body.data[0];
    for (const field of ['employee_id', 'type', 'start_date', 'end_date', 'hours', 'approved'])
      assert.deepEqual(theirs.body.data[0][field], full[field], field);
    const csv = await below(colleague, '?format=csv');
    assert.equal(csv.status, 200, csv.text);
    assert.ok(!csv.text.includes('KR') && !csv.text.includes('Flu'), csv.text);
    const own = await below(w.employee);
    assert.deepEqual(ids(own), [mine.id]);
    assert.equal(own.body.data[0].absence_reason_id, 'UB');
    assert.equal(own.body.data[0].note, 'Skiing');
    assert.equal((await below(outsider)).status, 404, 'another department');
    // A User without extended rights still reaches only their own.
    const user = await personal(t(), w, colleague, 0);
    assert.equal((await user.get(`/employees/${encodeURIComponent(w.employee)}/absences`)).status, 404);
  });

  test('a reason with anyone_can_see_name 1 is shown on a colleague’s absence; others stay hidden', async () => {
    const w = await planWorld(t());
    const colleague = w.halfTime;
    const open = await w.c.post('/absence-reasons', { name: 'FB', type: 1, anyone_can_see_name: 1 });
    assert.equal(open.status, 201, open.text);
    const training = await w.absence({
      employee_id: colleague,
      absence_reason_id: 'FB',
      start_date: '2026-03-16',
      note: 'Private',
    });
    const sick = await w.absence({ employee_id: colleague, start_date: '2026-03-17' });
    const me = await personal(t(), w, w.employee, 3);

    const shown = (await me.get(`/absences/${training.id}`)).body.data;
    assert.equal(shown.absence_reason_id, 'FB');
    assert.equal(shown.absenceReason.name, 'FB');
    assert.equal(shown.absenceReason.anyone_can_see_name, 1);
    assert.equal(shown.note, null, 'the note stays hidden');
    assert.equal(shown.leaveApprovalApplication, null);
    const hidden = (await me.get(`/absences/${sick.id}`)).body.data;
    assert.equal(hidden.absence_reason_id, '');
    assert.equal(hidden.absenceReason.name, '');
    const list = await me.get(`/employees/${encodeURIComponent(colleague)}/absences`);
    assert.equal(list.status, 200, list.text);
    const reasons = new Map(list.body.data.map((a: any) => [a.id, a.absence_reason_id]));
    assert.equal(reasons.get(training.id), 'FB');
    assert.equal(reasons.get(sick.id), '');
    const csv = await me.get('/absences?format=csv');
    assert.ok(csv.text.includes('FB') && !csv.text.includes('KR'), csv.text);
  });

  test('a User lists only themself among employees, the projects they are assigned to and their own balance', async () => {
    const w = await planWorld(t(), { modules: [...MODULES] });
    const colleague = w.halfTime;
    const other = await w.addProject();
    assert.equal((await w.c.post(`/projects/${w.projectId}/employees`, { employee_id: w.employee })).status, 201);
    const me = await personal(t(), w, w.employee, 0);

    const employees = await me.get('/employees');
    assert.equal(employees.status, 200, employees.text);
    assert.deepEqual(
      employees.body.data.map((e: any) => e.username),
      [w.employee],
    );
    assert.equal(employees.body.meta.total, 1);
    const self = (await me.get(`/employees/${encodeURIComponent(w.employee)}`)).body.data;
    const department = await me.get(`/departments/${self.department_id}/employees`);
    assert.equal(department.status, 200, department.text);
    assert.equal(department.body.meta.total, 1);

    const projects = await me.get('/projects');
    assert.equal(projects.status, 200, projects.text);
    assert.deepEqual(ids(projects), [w.projectId]);
    assert.equal(projects.body.meta.total, 1);
    assert.equal((await w.c.get('/projects')).body.meta.total, 2);
    assert.equal((await me.get(`/projects/${other.projectId}`)).status, 404);

    const idOf = async (u: string) =>
      (await w.c.get(`/workhour-balances?employee_id=${encodeURIComponent(u)}`)).body.data[0].id;
    const balances = await me.get('/workhour-balances');
    assert.equal(balances.status, 200, balances.text);
    assert.equal(balances.body.meta.total, 1);
    assert.equal((await me.get(`/workhour-balances/${await idOf(w.employee)}`)).status, 200);
    assert.equal((await me.get(`/workhour-balances/${await idOf(colleague)}`)).status, 404);
    const release = await me.patch(`/attendances/${(await w.book()).body.data.id}/release`, { project_release: 1 });
    assert.equal(release.status, 403, release.text);
    assert.equal(release.body.required, 'attendances:release');
  });

  test('every role reads the project statuses (their projects show them); only administrators change them', async () => {
    const w = await planWorld(t());
    const project = (await w.c.get(`/projects/${w.projectId}`)).body.data;
    for (const rights of [0, 3, 4, 2]) {
      const me = await personal(t(), w, w.employee, rights);
      const list = await me.get('/project-statuses');
      assert.equal(list.status, 200, `rights ${rights}: ${list.text}`);
      assert.ok(list.body.data.some((s: { name: string }) => s.name === project.status.name));
      const one = await me.get(`/project-statuses/${encodeURIComponent(project.status.name)}`);
      assert.equal(one.status, 200, one.text);
      const change = await me.patch(`/project-statuses/${encodeURIComponent(project.status.name)}`, { order: 9 });
      assert.equal(change.status, 403, change.text);
      assert.equal(change.body.required, 'project-statuses:write');
    }
    const admin = await personal(t(), w, w.employee, 1);
    const changed = await admin.patch(`/project-statuses/${encodeURIComponent(project.status.name)}`, { order: 9 });
    assert.equal(changed.status, 200, changed.text);
  });
});
