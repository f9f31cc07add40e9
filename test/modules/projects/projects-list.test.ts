// GET /projects: list conventions and the filters start_date/end_date (active in the range, open ends open),
// id[], status, name, search, customer_id, modified_after/before.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { forEachDialect } from '../../support/app.js';
import { seedCustomer } from '../../support/seed.js';
import { createProject, ids } from '../../support/projects.js';

forEachDialect('projects list', (t) => {
  test('start_date/end_date select projects active within the range; missing start or end counts as open', async () => {
    const c = await t().tenant();
    const closed = await createProject(c, { start_date: '2024-01-01', end_date: '2024-03-31' });
    const openEnd = await createProject(c, { start_date: '2024-03-01' });
    const openStart = await createProject(c, { end_date: '2024-01-31' });
    const always = await createProject(c);
    const later = await createProject(c, { start_date: '2024-06-01', end_date: '2024-06-30' });
    const get = async (q: string) => ids((await c.get(`/projects${q}`)).body);
    assert.deepEqual(await get('?start_date=2024-02-01&end_date=2024-02-29'), [closed.id, always.id]);
    assert.deepEqual(await get('?start_date=2024-03-31&end_date=2024-03-31'), [closed.id, openEnd.id, always.id]);
    assert.deepEqual(await get('?start_date=2024-04-01'), [openEnd.id, always.id, later.id]);
    assert.deepEqual(await get('?end_date=2024-01-15'), [closed.id, openStart.id, always.id]);
    assert.deepEqual(await get('?end_date=2023-12-31'), [openStart.id, always.id]);
    assert.deepEqual(await get('?start_date=2024-06-15&end_date=2024-07-15'), [openEnd.id, always.id, later.id]);
  });

  test('an empty or malformed date filter and a non-integer id are 422', async () => {
    const c = await t().tenant();
    assert.equal((await c.get('/projects?start_date=')).status, 422);
    assert.equal((await c.get('/projects?end_date=2024-13-01')).status, 422);
    assert.equal((await c.get('/projects?id[]=abc')).status, 422);
  });

  test('id[] (strings, one or several), name (exact) and customer_id restrict the list', async () => {
    const c = await t().tenant();
    const customer = await seedCustomer(t().database.db, c.tenant.id);
    const a = await createProject(c, { name: 'Alpha' });
    const b = await createProject(c, { name: 'Alphabet', customer_id: customer.customer_number });
    const d = await createProject(c, { name: 'Delta' });
    assert.deepEqual(ids((await c.get(`/projects?id[]=${a.id}&id[]=${d.id}`)).body), [a.id, d.id]);
    assert.deepEqual(ids((await c.get(`/projects?id[]=${b.id}`)).body), [b.id]);
    assert.deepEqual(ids((await c.get('/projects?name=Alpha')).body), [a.id]);
    assert.deepEqual(ids((await c.get(`/projects?customer_id=${customer.customer_number}`)).body), [b.id]);
  });

  test('status takes a short name, several via status[], or the status id', async () => {
    const c = await t().tenant();
    const active = await createProject(c);
    const closed = await createProject(c, { project_status_id: 'abgeschlossen' });
    assert.deepEqual(ids((await c.get('/projects?status=abgeschlossen')).body), [closed.id]);
    assert.deepEqual(ids((await c.get('/projects?status[]=aktiv&status[]=abgeschlossen')).body), [
      active.id,
      closed.id,
    ]);
    assert.deepEqual(ids((await c.get(`/projects?status=${active.status.id}`)).body), [active.id]);
    assert.deepEqual(ids((await c.get('/projects?status=unknown')).body), []);
  });

  test('search is a case-insensitive substring of name, description or customer number; % and _ are literal', async () => {
    const c = await t().tenant();
    const customer = await seedCustomer(t().database.db, c.tenant.id, { customer_number: 'KD-4711' });
    const byName = await createProject(c, { name: 'Website Relaunch' });
    const byDescription = await createProject(c, { description: 'new WEBSITE for shop' });
    const byCustomer = await createProject(c, { customer_id: customer.customer_number });
    const percent = await createProject(c, { name: '100% done' });
    assert.deepEqual(ids((await c.get('/projects?search=website')).body), [byName.id, byDescription.id]);
    assert.deepEqual(ids((await c.get('/projects?search=kd-47')).body), [byCustomer.id]);
    assert.deepEqual(ids((await c.get('/projects?search=0%25')).body), [percent.id]);
    assert.deepEqual(ids((await c.get('/projects?search=_')).body), []);
  });

  test('modified_after/modified_before, orderBy with key tie-breaker and pagination', async () => {
    const c = await t().tenant();
    const db = t().database.db;
    const old = await createProject(c, { name: 'B' });
    const recent = await createProject(c, { name: 'A' });
    await db
      .updateTable('projects')
      .set({ modified: '2020-01-01 00:00:00' })
      .where('tenant_id', '=', c.tenant.id)
      .where('id', '=', old.id)
      .execute();
    assert.deepEqual(ids((await c.get('/projects?modified_after=2021-01-01T00:00:00Z')).body), [recent.id]);
    assert.deepEqual(ids((await c.get('/projects?modified_before=2020-01-01 00:00:00')).body), [old.id]);
    assert.deepEqual(ids((await c.get('/projects?orderBy=name')).body), [recent.id, old.id]);
    assert.deepEqual(ids((await c.get('/projects?orderBy=id&order=desc')).body), [recent.id, old.id]);
    const page = await c.get('/projects?limit=1&page=2');
    assert.deepEqual(ids(page.body), [recent.id]);
    assert.equal(page.body.meta.total, 2);
    assert.equal(page.body.meta.last_page, 2);
  });

  test("the list carries counts, categories and the status object, and only the tenant's own projects", async () => {
    const a = await t().tenant();
    const b = await t().tenant();
    const p = await createProject(a);
    await createProject(b);
    const r = await a.get('/projects');
    assert.deepEqual(ids(r.body), [p.id]);
    const item = r.body.data[0];
    assert.equal(item.status.name, 'aktiv');
    assert.equal(item.tasks_count, 0);
    assert.deepEqual(item.categories, []);
  });
});
