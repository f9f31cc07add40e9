// /project-statuses: defaults on first use, short name as key, bookable/order/color/abrechnungsrelevant,
// renaming follows into projects, delete refused while used.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { forEachDialect } from '../../support/app.js';
import { createProject } from '../../support/projects.js';

forEachDialect('project statuses', (t) => {
  test('a new tenant gets aktiv (bookable) and abgeschlossen (not bookable), listed by order', async () => {
    const c = await t().tenant();
    const r = await c.get('/project-statuses');
    assert.equal(r.status, 200, r.text);
    assert.deepEqual(
      r.body.data.map((s: any) => [s.name, s.bookable, s.order, s.abrechnungsrelevant]),
      [
        ['aktiv', true, 1, '1'],
        ['abgeschlossen', false, 2, '0'],
      ],
    );
    assert.deepEqual(ids(await c.get('/project-statuses?bookable=false')), ['abgeschlossen']);
  });

  test('create, update and rename a status; the projects carrying it follow the new short name', async () => {
    const c = await t().tenant();
    const r = await c.post('/project-statuses', {
      name: 'in_progress',
      description: 'Running',
      bookable: true,
      order: 5,
      color: '#FF0000',
    });
    assert.equal(r.status, 201, r.text);
    assert.equal(r.body.data.color, '#FF0000');
    assert.deepEqual(Object.keys((await c.post('/project-statuses', { name: 'in_progress' })).body.errors), ['name']);
    assert.ok((await c.post('/project-statuses', { name: 'x', color: 'red' })).body.errors.color);
    const p = await createProject(c, { project_status_id: 'in_progress' });
    assert.equal((await c.patch('/project-statuses/in_progress', { name: 'running', bookable: false })).status, 200);
    const project = (await c.get(`/projects/${p.id}`)).body.data;
    assert.equal(project.project_status_id, 'running');
    assert.equal(project.status.bookable, false);
    assert.equal((await c.get('/project-statuses/in_progress')).status, 404);
  });

  test('a status used by projects cannot be deleted (422); an unused one can (204)', async () => {
    const c = await t().tenant();
    await createProject(c, { project_status_id: 'abgeschlossen' });
    assert.equal((await c.delete('/project-statuses/abgeschlossen')).status, 422);
    await c.post('/project-statuses', { name: 'unused' });
    assert.equal((await c.delete('/project-statuses/unused')).status, 204);
  });
});

function ids(r: { body: any }) {
  return r.body.data.map((s: any) => s.name);
}
