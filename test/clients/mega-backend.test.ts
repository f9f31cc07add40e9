// The calls the public client Gepardec/mega-backend makes (its ZEP REST clients: attendances, employees and their
// employment periods, regular working times and absences, projects and their employees, receipts with amounts and
// attachments, an absence by id), replayed as it sends them — page by page, its query parameters — with a service
// token and with a personal token of a User, who gets their own rows and the matrix's refusals
// (docs/api/permissions.md): 403 for what the role may not do, 404 for another person's record.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { forEachDialect, type Client } from '../support/app.js';
import { absenceWorld, type AbsenceWorld } from '../support/absences.js';

/** The client pages with `page` only (the default limit) until `last_page`. */
async function pages(c: Client, path: string, query: Record<string, string> = {}) {
  const out: any[] = [];
  for (let page = 1; ; page++) {
    const r = await c.get(`${path}?${new URLSearchParams({ ...query, page: String(page) })}`);
    assert.equal(r.status, 200, `${path}: ${r.text}`);
    out.push(...r.body.data);
    if (page >= r.body.meta.last_page) return out;
  }
}

/** Fields the client's DTOs read (its receipt's `amount` is in no receipt the contract shows: it reads null). */
const ATTENDANCE = ['id', 'date', 'from', 'to', 'employee_id', 'project_id', 'project_task_id', 'duration', 'billable'];
const RECEIPT = ['id', 'employee_id', 'date', 'receipt_type_id', 'payment_method', 'project_id', 'filename'];
const has = (record: Record<string, unknown>, fields: string[]) =>
  assert.deepEqual(
    fields.filter((f) => !(f in record)),
    [],
  );

/** A tenant with the world's employee (a User) and a colleague, each with a booking, an absence and a receipt. */
async function world(t: Parameters<typeof absenceWorld>[0]) {
  const w = await absenceWorld(t);
  const { c } = w;
  assert.equal((await c.patch(`/employees/${w.employee}`, { rights: 0 })).status, 200);
  const colleague = await w.addEmployee();
  const other = await w.addProject();
  for (const [employee, project] of [
    [w.employee, w.projectId],
    [colleague, other.projectId],
  ] as const)
    assert.equal((await c.post(`/projects/${project}/employees`, { employee_id: employee })).status, 201);
  const type = await c.post('/receipt-types', { name: 'Hotel', tax_rates: [7], default_payment_method: 'privat' });
  assert.equal(type.status, 201, type.text);
  const mine = {
    attendance: (await w.book()).body.data.id as number,
    absence: (await w.absence({ start_date: '2026-03-11' })).id as number,
    receipt: await receipt(w, w.employee, w.projectId, w.taskId),
  };
  const theirs = {
    attendance: (await w.book({ employee_id: colleague, project_id: other.projectId, project_task_id: other.taskId }))
      .body.data.id as number,
    absence: (await w.absence({ employee_id: colleague, start_date: '2026-03-11' })).id as number,
    receipt: await receipt(w, colleague, other.projectId, other.taskId),
  };
  return { w, colleague, other, mine, theirs };
}

async function receipt(w: AbsenceWorld, employee: string, project: number, task: number): Promise<number> {
  const r = await w.c.post('/receipts', {
    employee_id: employee,
    date: '2026-03-10',
    receipt_type_id: 'Hotel',
    project_id: project,
    project_task_id: task,
    currency: 'EUR',
    is_amount_net: false,
    is_invoice_amount_net: false,
    receiptAmounts: [{ tax: 7, quantity: 1, amount: 89.5 }],
  });
  assert.equal(r.status, 201, r.text);
  return r.body.data.id;
}

const MONTH = { start_date: '2026-03-01', end_date: '2026-03-31' };

forEachDialect('clients: Gepardec/mega-backend', (t) => {
  test('every call with a service token', async () => {
    const { w, colleague, mine, theirs } = await world(t());
    const c = w.c;
    const u = encodeURIComponent(w.employee);
    // ZepAttendanceRestClient
    const month = await pages(c, '/attendances', { ...MONTH, employee_id: w.employee });
    assert.deepEqual(
      month.map((a) => a.id),
      [mine.attendance],
    );
    has(month[0], ATTENDANCE);
    assert.equal((await pages(c, '/attendances', { employee_id: colleague })).length, 1);
    // ZepEmployeeRestClient
    const all = await pages(c, '/employees');
    assert.ok(all.some((e) => e.username === w.employee) && all.some((e) => e.username === colleague));
    const personal = all.find((e) => e.username === w.employee).personal_number;
    if (personal) assert.equal((await pages(c, '/employees', { personal_number: personal }))[0].username, w.employee);
    assert.equal((await c.get(`/employees/${u}`)).body.data.username, w.employee);
    assert.equal((await pages(c, `/employees/${u}/employment-periods`)).length, 1);
    assert.equal((await pages(c, `/employees/${u}/regular-working-times`)).length, 1);
    assert.deepEqual(
      (await pages(c, `/employees/${u}/absences`, MONTH)).map((a) => a.id),
      [mine.absence],
    );
    // ZepProjectRestClient
    const projects = await pages(c, '/projects', MONTH);
    assert.ok(projects.length >= 2);
    const byName = await c.get(`/projects?${new URLSearchParams({ ...MONTH, name: projects[0].name })}`);
    assert.equal(byName.status, 200, byName.text);
    assert.equal(byName.body.data[0].id, projects[0].id);
    assert.equal((await c.get(`/projects/${w.projectId}`)).body.data.id, w.projectId);
    assert.deepEqual(
      (await pages(c, `/projects/${w.projectId}/employees`)).map((e) => e.employee_id),
      [w.employee],
    );
    // ZepReceiptRestClient
    const receipts = await pages(c, '/receipts', MONTH);
    assert.deepEqual(receipts.map((r) => r.id).sort(), [mine.receipt, theirs.receipt].sort());
    has(receipts[0], RECEIPT);
    assert.equal((await c.get(`/receipts/${mine.receipt}/amounts`)).body.data.length, 1);
    assert.equal((await c.get(`/receipts/${mine.receipt}/attachments`)).status, 404, 'no file attached');
    // ZepAbsenceRestClient
    assert.equal((await c.get(`/absences/${theirs.absence}`)).body.data.employee_id, colleague);
  });

  test('the same calls with a personal token of a User: their own rows; the rest refused as the matrix says', async () => {
    const { w, colleague, other, mine, theirs } = await world(t());
    const created = await w.c.post('/tokens', { name: 'mega', employee_id: w.employee });
    assert.equal(created.status, 201, created.text);
    const me = t().client(w.c.tenant, created.body.data.token);
    const u = encodeURIComponent(w.employee);
    const refused = async (path: string, status: 403 | 404) => {
      const r = await me.get(path);
      assert.equal(r.status, status, `${path}: ${r.text}`);
      if (status === 403) assert.match(r.body.required, /:read/);
    };

    // ZepAttendanceRestClient: their own month; the colleague's is refused, an unfiltered list holds only their own.
    const month = await pages(me, '/attendances', { ...MONTH, employee_id: w.employee });
    assert.deepEqual(
      month.map((a) => a.id),
      [mine.attendance],
    );
    has(month[0], ATTENDANCE);
    await refused(`/attendances?employee_id=${colleague}&page=1`, 403);
    assert.deepEqual(
      (await pages(me, '/attendances', MONTH)).map((a) => a.id),
      [mine.attendance],
    );
    // ZepEmployeeRestClient: themself, their periods, working times and absences; nobody else.
    assert.equal((await me.get(`/employees/${u}`)).body.data.username, w.employee);
    assert.equal((await pages(me, `/employees/${u}/employment-periods`)).length, 1);
    assert.equal((await pages(me, `/employees/${u}/regular-working-times`)).length, 1);
    assert.deepEqual(
      (await pages(me, `/employees/${u}/absences`, MONTH)).map((a) => a.id),
      [mine.absence],
    );
    // A list of people holds only themself.
    assert.deepEqual(
      (await pages(me, '/employees')).map((e) => e.username),
      [w.employee],
    );
    const byNumber = await me.get('/employees?personal_number=1');
    assert.equal(byNumber.status, 200, byNumber.text);
    assert.ok(
      byNumber.body.data.every((e: any) => e.username === w.employee),
      byNumber.text,
    );
    const them = encodeURIComponent(colleague);
    await refused(`/employees/${them}`, 404);
    await refused(`/employees/${them}/employment-periods?page=1`, 404);
    await refused(`/employees/${them}/absences?page=1`, 404);
    // ZepProjectRestClient: the project they are assigned to, also as the whole project list; no other project, no
    // staffing.
    assert.equal((await me.get(`/projects/${w.projectId}`)).body.data.id, w.projectId);
    await refused(`/projects/${other.projectId}`, 404);
    assert.deepEqual(
      (await pages(me, '/projects', MONTH)).map((p) => p.id),
      [w.projectId],
    );
    await refused(`/projects/${w.projectId}/employees?page=1`, 403);
    // ZepReceiptRestClient: their own receipts and amounts.
    const receipts = await pages(me, '/receipts', MONTH);
    assert.deepEqual(
      receipts.map((r) => r.id),
      [mine.receipt],
    );
    has(receipts[0], RECEIPT);
    assert.equal((await me.get(`/receipts/${mine.receipt}/amounts`)).body.data.length, 1);
    await refused(`/receipts/${theirs.receipt}/amounts`, 404);
    await refused(`/receipts/${theirs.receipt}/attachments`, 404);
    // ZepAbsenceRestClient
    assert.equal((await me.get(`/absences/${mine.absence}`)).body.data.employee_id, w.employee);
    await refused(`/absences/${theirs.absence}`, 404);
  });
});
