// /projects/{id}/activities (which activities may be booked) and /projects/{id}/locations.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { forEachDialect } from '../../support/app.js';
import { createActivity, createProject } from '../../support/projects.js';

forEachDialect('project activities and locations', (t) => {
  test('allowing activities: items {id, name, default_factor}; unknown or duplicate names are 422 on name', async () => {
    const c = await t().tenant();
    await createActivity(c, 'be');
    await createActivity(c, 're', true);
    const p = await createProject(c);
    const r = await c.post(`/projects/${p.id}/activities`, { name: 'be', default_factor: 1.5 });
    assert.equal(r.status, 201, r.text);
    assert.deepEqual(Object.keys(r.body.data).sort(), ['created_by', 'default_factor', 'id', 'modified_by', 'name']);
    assert.equal(r.body.data.default_factor, 1.5);
    assert.equal((await c.post(`/projects/${p.id}/activities`, { name: 're' })).body.data.default_factor, 1);
    assert.deepEqual(Object.keys((await c.post(`/projects/${p.id}/activities`, { name: 'nope' })).body.errors), [
      'name',
    ]);
    assert.deepEqual(Object.keys((await c.post(`/projects/${p.id}/activities`, { name: 'be' })).body.errors), ['name']);
    const list = await c.get(`/projects/${p.id}/activities?orderBy=name&order=desc`);
    assert.deepEqual(
      list.body.data.map((a: any) => a.name),
      ['re', 'be'],
    );
    assert.equal((await c.get(`/projects/${p.id}`)).body.data.activities_count, 2);
  });

  test('changing the factor, disallowing (204) and 404 for activities not allowed on the project', async () => {
    const c = await t().tenant();
    await createActivity(c, 'be');
    const p = await createProject(c);
    await c.post(`/projects/${p.id}/activities`, { name: 'be' });
    assert.equal((await c.patch(`/projects/${p.id}/activities/be`, { default_factor: 2 })).body.data.default_factor, 2);
    assert.equal((await c.get(`/projects/${p.id}/activities/be`)).body.data.default_factor, 2);
    assert.equal((await c.delete(`/projects/${p.id}/activities/be`)).status, 204);
    assert.equal((await c.get(`/projects/${p.id}/activities/be`)).status, 404);
    assert.equal((await c.get(`/projects/${p.id}/activities`)).body.meta.total, 0);
  });

  test('an activity allowed on a project cannot be deleted from /activities (422)', async () => {
    const c = await t().tenant();
    await createActivity(c, 'be');
    const p = await createProject(c);
    await c.post(`/projects/${p.id}/activities`, { name: 'be' });
    assert.equal((await c.delete('/activities/be')).status, 422);
  });

  test('project locations: items {name, description, project_id}, sorted by name, name unique per project', async () => {
    const c = await t().tenant();
    const p = await createProject(c);
    assert.equal(
      (await c.post(`/projects/${p.id}/locations`, { name: 'Office B', description: 'Second floor' })).status,
      201,
    );
    const created = await c.post(`/projects/${p.id}/locations`, { name: 'Office A' });
    assert.deepEqual(created.body.data, {
      name: 'Office A',
      description: null,
      project_id: p.id,
      created_by: null,
      modified_by: null,
    });
    assert.deepEqual(Object.keys((await c.post(`/projects/${p.id}/locations`, { name: 'Office A' })).body.errors), [
      'name',
    ]);
    const list = await c.get(`/projects/${p.id}/locations`);
    assert.deepEqual(
      list.body.data.map((l: any) => l.name),
      ['Office A', 'Office B'],
    );
    assert.ok(Array.isArray(list.body.meta.links));
    assert.equal(
      (await c.patch(`/projects/${p.id}/locations/Office%20A`, { description: 'Ground floor' })).body.data.description,
      'Ground floor',
    );
    assert.equal((await c.delete(`/projects/${p.id}/locations/Office%20B`)).status, 204);
    assert.equal((await c.get(`/projects/${p.id}/locations/Office%20B`)).status, 404);
  });

  test("activities and locations of another tenant's project are 404", async () => {
    const a = await t().tenant();
    const b = await t().tenant();
    const p = await createProject(a);
    assert.equal((await b.get(`/projects/${p.id}/activities`)).status, 404);
    assert.equal((await b.get(`/projects/${p.id}/locations`)).status, 404);
    assert.equal((await b.post(`/projects/${p.id}/locations`, { name: 'x' })).status, 404);
  });
});
