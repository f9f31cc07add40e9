// The calls the public MCP server paulkatio/zep-mcp-server makes for its tools beyond absences (those are replayed in
// test/modules/absences/absences-clients.test.ts): attendances, employees with their employment periods, regular
// working times and transponders (updates as it makes them: GET, merge, PUT the whole record back), departments,
// devices and its master-data resources. Replayed with a service token and with a personal token of a User, who
// gets their own rows and the matrix's refusals (docs/api/permissions.md): 403 for what the role may not do, 404 for
// another person's record.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { forEachDialect, type Client } from '../support/app.js';
import { bookingWorld } from '../support/booking-world.js';

/** The client's paginateAll: page by page with limit 100 until last_page. */
async function paginateAll(c: Client, path: string, query: Record<string, string> = {}) {
  const out: any[] = [];
  for (let page = 1; ; page++) {
    const r = await c.get(`${path}?${new URLSearchParams({ ...query, page: String(page), limit: '100' })}`);
    assert.equal(r.status, 200, `${path}: ${r.text}`);
    out.push(...r.body.data);
    if (r.body.data.length === 0 || page >= r.body.meta.last_page) return out;
  }
}

/** Its getMergePut: the record as read, the partial merged in, PUT back whole. */
async function getMergePut(c: Client, path: string, partial: Record<string, unknown>) {
  const current = await c.get(path);
  assert.equal(current.status, 200, current.text);
  return c.put(path, { ...current.body.data, ...partial });
}

/** Its zep_create_attendance body: times as HH:MM. */
const booking = (employee: string, projectId: number, taskId: number, date = '2026-03-10') => ({
  employee_id: employee,
  date,
  from: '09:00',
  to: '12:00',
  project_id: projectId,
  project_task_id: taskId,
  activity_id: 'be',
});

async function world(t: Parameters<typeof bookingWorld>[0]) {
  const w = await bookingWorld(t);
  assert.equal((await w.c.patch(`/employees/${w.employee}`, { rights: 0 })).status, 200);
  const colleague = await w.addEmployee();
  const theirs = await w.book({ employee_id: colleague });
  assert.equal(theirs.status, 201, theirs.text);
  return { w, colleague, theirs: theirs.body.data.id as number };
}

forEachDialect('clients: zep-mcp-server (attendances, employees, departments, devices, master data)', (t) => {
  test('every call with a service token', async () => {
    const { w, colleague } = await world(t());
    const { c } = w;
    const u = encodeURIComponent(w.employee);
    // attendances
    const created = await c.post('/attendances', booking(w.employee, w.projectId, w.taskId));
    assert.equal(created.status, 201, created.text);
    const rows = await paginateAll(c, '/attendances', {
      employee_id: w.employee,
      start_date: '2026-03-09',
      end_date: '2026-03-15',
    });
    assert.deepEqual(
      rows.map((a) => a.id),
      [created.body.data.id],
    );
    assert.equal((await c.get(`/attendances/${created.body.data.id}`)).body.data.duration, 3);
    // employees
    const people = await paginateAll(c, '/employees');
    assert.ok(people.some((e) => e.username === colleague));
    assert.equal((await c.get(`/employees/${u}`)).body.data.username, w.employee);
    const periods = await paginateAll(c, `/employees/${u}/employment-periods`);
    assert.equal(periods.length, 1);
    assert.equal((await c.get(`/employees/${u}/employment-periods/${periods[0].id}`)).status, 200);
    const times = await paginateAll(c, `/employees/${u}/regular-working-times`);
    assert.equal(times.length, 1);
    assert.equal((await c.get(`/employees/${u}/regular-working-times/${times[0].id}`)).status, 200);
    assert.deepEqual(await paginateAll(c, `/employees/${u}/transponders`), []);
    assert.deepEqual(await paginateAll(c, `/employees/${u}/absences`), []);
    const updated = await getMergePut(c, `/employees/${u}`, { lastname: 'Neu' });
    assert.equal(updated.status, 200, updated.text);
    assert.equal(updated.body.data.lastname, 'Neu');
    const period = await getMergePut(c, `/employees/${u}/employment-periods/${periods[0].id}`, {
      annual_leave_entitlement: 28,
    });
    assert.equal(period.status, 200, period.text);
    const hired = await c.post('/employees', {
      username: 'neu.person',
      firstname: 'Neu',
      lastname: 'Person',
      email: 'neu@example.com',
      password: 'geheim-123',
    });
    assert.equal(hired.status, 201, hired.text);
    assert.equal((await c.post('/employees/neu.person/employment-periods', { start_date: '2026-04-01' })).status, 201);
    // departments
    const departments = await paginateAll(c, '/departments');
    const id = departments[0].id;
    assert.equal((await c.get(`/departments/${id}`)).status, 200);
    await paginateAll(c, `/departments/${id}/children`);
    assert.ok((await paginateAll(c, `/departments/${id}/employees`)).length >= 2);
    // devices
    assert.deepEqual(await paginateAll(c, '/devices'), []);
    // master data resources
    for (const path of ['/activities', '/categories', '/price-groups', '/absence-reasons']) await paginateAll(c, path);
  });

  test('the same calls with a personal token of a User: their own rows; the rest refused as the matrix says', async () => {
    const { w, colleague, theirs } = await world(t());
    const token = await w.c.post('/tokens', { name: 'mcp', employee_id: w.employee });
    assert.equal(token.status, 201, token.text);
    const me = t().client(w.c.tenant, token.body.data.token);
    const u = encodeURIComponent(w.employee);
    const them = encodeURIComponent(colleague);
    const refused = async (r: { status: number; text: string; body: any }, status: 403 | 404) => {
      assert.equal(r.status, status, r.text);
      if (status === 403) assert.ok(r.body.required, r.text);
    };

    // attendances: they book and read their own week; a colleague's booking is neither listed nor shown.
    const created = await me.post('/attendances', booking(w.employee, w.projectId, w.taskId));
    assert.equal(created.status, 201, created.text);
    const week = { start_date: '2026-03-09', end_date: '2026-03-15' };
    assert.deepEqual(
      (await paginateAll(me, '/attendances', { employee_id: w.employee, ...week })).map((a) => a.id),
      [created.body.data.id],
    );
    assert.deepEqual(
      (await paginateAll(me, '/attendances', week)).map((a) => a.id),
      [created.body.data.id],
    );
    assert.equal((await me.get(`/attendances/${created.body.data.id}`)).status, 200);
    await refused(await me.get(`/attendances/${theirs}`), 404);
    await refused(await me.get(`/attendances?employee_id=${them}&page=1&limit=100`), 403);
    await refused(await me.post('/attendances', booking(colleague, w.projectId, w.taskId, '2026-03-11')), 403);

    // employees: themself, their periods and working times; nobody else, no writes.
    assert.equal((await me.get(`/employees/${u}`)).body.data.username, w.employee);
    const periods = await paginateAll(me, `/employees/${u}/employment-periods`);
    assert.equal((await me.get(`/employees/${u}/employment-periods/${periods[0].id}`)).status, 200);
    const times = await paginateAll(me, `/employees/${u}/regular-working-times`);
    assert.equal((await me.get(`/employees/${u}/regular-working-times/${times[0].id}`)).status, 200);
    assert.deepEqual(await paginateAll(me, `/employees/${u}/absences`), []);
    // A list of people holds only themself.
    assert.deepEqual(
      (await paginateAll(me, '/employees')).map((e) => e.username),
      [w.employee],
    );
    const byNumber = await me.get('/employees?personal_number[]=1&page=1&limit=100');
    assert.equal(byNumber.status, 200, byNumber.text);
    assert.ok(
      byNumber.body.data.every((e: any) => e.username === w.employee),
      byNumber.text,
    );
    await refused(await me.get(`/employees/${them}`), 404);
    await refused(await me.get(`/employees/${them}/employment-periods?page=1&limit=100`), 404);
    await refused(await me.get(`/employees/${u}/transponders?page=1&limit=100`), 403);
    await refused(await getMergePut(me, `/employees/${u}`, { lastname: 'Neu' }), 403);
    await refused(
      await getMergePut(me, `/employees/${u}/employment-periods/${periods[0].id}`, { annual_leave_entitlement: 40 }),
      403,
    );
    await refused(await me.post(`/employees/${u}/employment-periods`, { start_date: '2027-01-01' }), 403);
    await refused(
      await me.post('/employees', { username: 'self.made', firstname: 'S', lastname: 'M', email: 's@example.com' }),
      403,
    );

    // departments: shared master data.
    const departments = await paginateAll(me, '/departments');
    assert.equal((await me.get(`/departments/${departments[0].id}`)).status, 200);
    await paginateAll(me, `/departments/${departments[0].id}/children`);
    // A department's staff are people's records: a User sees only themself there.
    const staff = await paginateAll(me, `/departments/${departments[0].id}/employees`);
    assert.ok(
      staff.every((e) => e.username === w.employee),
      JSON.stringify(staff.map((e) => e.username)),
    );
    // devices and price groups are not a User's; activities, categories and absence reasons are shared.
    await refused(await me.get('/devices?page=1&limit=100'), 403);
    await refused(await me.get('/price-groups?page=1&limit=100'), 403);
    for (const path of ['/activities', '/absence-reasons']) await paginateAll(me, path);
  });
});
