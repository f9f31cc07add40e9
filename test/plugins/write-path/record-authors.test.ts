// Records name who created them and who changed them last (`created_by`, `modified_by`: usernames, null for a service
// token and for rows written outside the API), stamped by the write path for every record a write changes — its own
// and those whose answers derive from it (docs/api/integration.md "Record authors").
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { forEachDialect, type Client } from '../../support/app.js';
import { createEmployee } from '../../support/people.js';
import { bookingWorld } from '../../support/booking-world.js';

forEachDialect('write path: record authors', (t) => {
  /** A personal token of an employee (made through the API by the service token). */
  async function tokenOf(c: Client, username: string) {
    const r = await c.post('/tokens', { name: 'laptop', employee_id: username });
    assert.equal(r.status, 201, r.text);
    return t().client(c.tenant, r.body.data.token);
  }
  const authors = (data: Record<string, unknown>) => ({ created_by: data.created_by, modified_by: data.modified_by });

  test('a booking names its creator and its last writer in answers, reads, lists and the change feed', async () => {
    const w = await bookingWorld(t());
    const { c } = w;
    await c.patch(`/employees/${w.employee}`, { rights: 0 });
    const user = await tokenOf(c, w.employee);
    const admin = (await createEmployee(c, { rights: 1 })).username as string;
    const adminClient = await tokenOf(c, admin);

    const booked = await user.post('/attendances', w.body());
    assert.equal(booked.status, 201, booked.text);
    const id = booked.body.data.id;
    assert.deepEqual(authors(booked.body.data), { created_by: w.employee, modified_by: w.employee });
    const read = await c.get(`/attendances/${id}`);
    assert.deepEqual(authors(read.body.data), { created_by: w.employee, modified_by: w.employee });
    assert.equal(read.headers.etag, booked.headers.etag);

    const patched = await adminClient.patch(`/attendances/${id}`, { note: 'checked' });
    assert.equal(patched.status, 200, patched.text);
    assert.deepEqual(authors(patched.body.data), { created_by: w.employee, modified_by: admin });
    const listed = (await c.get(`/attendances?employee_id=${w.employee}`)).body.data;
    assert.deepEqual(authors(listed.find((a: { id: number }) => a.id === id)), {
      created_by: w.employee,
      modified_by: admin,
    });

    // A service token's write: no person.
    const byService = await c.patch(`/attendances/${id}`, { note: 'by the import' });
    assert.equal(byService.status, 200, byService.text);
    assert.deepEqual(authors(byService.body.data), { created_by: w.employee, modified_by: null });
    assert.deepEqual(authors((await user.get(`/attendances/${id}`)).body.data), {
      created_by: w.employee,
      modified_by: null,
    });

    // The feed's entries show the record as its GET did after each write.
    const feed = (await c.get('/changes?since=0&limit=1000')).body.data.filter(
      (e: { type: string; key: string }) => e.type === 'attendances' && e.key === String(id),
    );
    assert.deepEqual(
      feed.map((e: { data: Record<string, unknown> }) => e.data.modified_by),
      [w.employee, admin, null],
    );
  });

  test('a record changed through a derivation names the writer of that change, as its modified moves', async () => {
    const w = await bookingWorld(t());
    const { c } = w;
    const booked = await w.book();
    assert.equal(booked.status, 201, booked.text);
    assert.deepEqual(authors(booked.body.data), { created_by: null, modified_by: null });
    const admin = (await createEmployee(c, { rights: 1 })).username as string;
    const renamed = await (await tokenOf(c, admin)).patch('/activities/be', { name: 'bx' });
    assert.equal(renamed.status, 200, renamed.text);
    const read = (await c.get(`/attendances/${booked.body.data.id}`)).body.data;
    assert.equal(read.activity_id, 'bx');
    assert.deepEqual(authors(read), { created_by: null, modified_by: admin });
  });

  test('records written outside the API show null; the central records carry the fields', async () => {
    const w = await bookingWorld(t());
    const { c } = w;
    const project = (await c.get(`/projects/${w.projectId}`)).body.data;
    assert.deepEqual(authors(project), { created_by: null, modified_by: null });
    const controller = (await createEmployee(c, { rights: 1 })).username as string;
    const cc = await tokenOf(c, controller);
    const customer = await cc.post('/customers', { customer_number: 'K-1', name: 'Acme', currency: 'EUR' });
    assert.equal(customer.status, 201, customer.text);
    assert.deepEqual(authors(customer.body.data), { created_by: controller, modified_by: controller });
    const list = (await c.get('/customers')).body.data;
    assert.deepEqual(authors(list[0]), { created_by: controller, modified_by: controller });
    // Every other record with the columns shows them too: master data, and what embeds it.
    const category = await cc.post('/categories', { name: 'VIP', type: 'customer' });
    assert.equal(category.status, 201, category.text);
    assert.deepEqual(authors(category.body.data), { created_by: controller, modified_by: controller });
    const status = await cc.post('/project-statuses', { name: 'QA' });
    assert.equal(status.status, 201, status.text);
    assert.deepEqual(authors(status.body.data), { created_by: controller, modified_by: controller });
    const renamed = await c.patch('/categories/VIP', { description: { en: 'Very important' } });
    assert.equal(renamed.status, 200, renamed.text);
    assert.deepEqual(authors(renamed.body.data), { created_by: controller, modified_by: null });
    const task = await cc.post(`/projects/${w.projectId}/tasks`, { name: 'Review' });
    assert.equal(task.status, 201, task.text);
    assert.deepEqual(authors(task.body.data), { created_by: controller, modified_by: controller });
    assert.deepEqual(authors((await c.get(`/projects/${w.projectId}/tasks/${task.body.data.id}`)).body.data), {
      created_by: controller,
      modified_by: controller,
    });
    const employee = (await c.get(`/employees/${controller}`)).body.data;
    assert.deepEqual(authors(employee), { created_by: null, modified_by: null });
    const user = await tokenOf(c, w.employee);
    await c.patch(`/employees/${w.employee}`, { rights: 0 });
    const reasons = await c.post('/absence-reasons', { name: 'UL', type: 1 });
    assert.equal(reasons.status, 201, reasons.text);
    const absence = await user.post('/absences', {
      employee_id: w.employee,
      absence_reason_id: 'UL',
      type: 0,
      start_date: '2026-03-16',
      end_date: '2026-03-16',
    });
    assert.equal(absence.status, 201, absence.text);
    assert.deepEqual(authors(absence.body.data), { created_by: w.employee, modified_by: w.employee });
  });
});
