// GET/POST/PATCH/PUT/DELETE /activities (docs/api/masterdata.md): the name is the key; tenant isolation; 422 on bad input.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { expectFieldErrors } from '../../support/expect.js';
import { forEachDialect } from '../../support/app.js';

const TIMESTAMP = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.000000Z$/;

forEachDialect('activities', (t) => {
  test('create answers 201 {data} with every field; defaults: description null, is_travel false', async () => {
    const c = await t().tenant();
    const r = await c.post('/activities', { name: 'be' });
    assert.equal(r.status, 201, r.text);
    assert.deepEqual(Object.keys(r.body.data), [
      'name',
      'description',
      'is_travel',
      'created',
      'modified',
      'created_by',
      'modified_by',
    ]);
    assert.deepEqual(
      { ...r.body.data, created: 0, modified: 0 },
      { name: 'be', description: null, is_travel: false, created: 0, modified: 0, created_by: null, modified_by: null },
    );
    assert.match(r.body.data.created, TIMESTAMP);
    assert.match(r.body.data.modified, TIMESTAMP);
    const travel = await c.post('/activities', { name: 're', description: 'Reise', is_travel: true });
    assert.deepEqual([travel.body.data.description, travel.body.data.is_travel], ['Reise', true]);
  });

  test('detail by name (URL-encoded names work); 404 for unknown names and for another tenant', async () => {
    const a = await t().tenant();
    const b = await t().tenant();
    await a.post('/activities', { name: 'Büro 1' });
    const r = await a.get(`/activities/${encodeURIComponent('Büro 1')}`);
    assert.equal(r.status, 200);
    assert.equal(r.body.data.name, 'Büro 1');
    assert.equal((await a.get('/activities/nope')).status, 404);
    const other = await b.get(`/activities/${encodeURIComponent('Büro 1')}`);
    assert.equal(other.status, 404);
    assert.deepEqual(Object.keys(other.body), ['message']);
  });

  test("the list holds only the tenant's activities in key order", async () => {
    const a = await t().tenant();
    const b = await t().tenant();
    for (const name of ['re', 'be', 'dev']) await a.post('/activities', { name });
    await b.post('/activities', { name: 'other' });
    const r = await a.get('/activities');
    assert.deepEqual(
      r.body.data.map((x: any) => x.name),
      ['be', 'dev', 're'],
    );
    assert.equal(r.body.meta.total, 3);
  });

  test('duplicate names are 422 on name (create and rename); the same name in another tenant is fine', async () => {
    const a = await t().tenant();
    const b = await t().tenant();
    await a.post('/activities', { name: 'be' });
    await a.post('/activities', { name: 'dev' });
    const dup = await a.post('/activities', { name: 'be' });
    assert.equal(dup.status, 422);
    assert.deepEqual(Object.keys(dup.body.errors), ['name']);
    const rename = await a.patch('/activities/dev', { name: 'be' });
    assert.equal(rename.status, 422);
    assert.deepEqual(Object.keys(rename.body.errors), ['name']);
    assert.equal((await b.post('/activities', { name: 'be' })).status, 201);
  });

  test('bad fields are 422 on the field: empty or over-long name, non-boolean is_travel, over-long description', async () => {
    const c = await t().tenant();
    await expectFieldErrors(c, 'POST', '/activities', [
      [{}, 'name'],
      [{ name: '' }, 'name'],
      [{ name: 'x'.repeat(33) }, 'name'],
      [{ name: 'x', is_travel: 'maybe' }, 'is_travel'],
      [{ name: 'x', description: 'd'.repeat(256) }, 'description'],
    ]);
    assert.equal((await c.get('/activities')).body.meta.total, 0);
  });

  test('PATCH and PUT change only the submitted fields; renaming moves the key', async () => {
    const c = await t().tenant();
    await c.post('/activities', { name: 'be', description: 'Beratung', is_travel: true });
    const p = await c.patch('/activities/be', { description: 'Consulting' });
    assert.equal(p.status, 200);
    assert.deepEqual([p.body.data.description, p.body.data.is_travel], ['Consulting', true]);
    const put = await c.put('/activities/be', { is_travel: false, description: null });
    assert.deepEqual([put.body.data.description, put.body.data.is_travel], [null, false]);
    const renamed = await c.patch('/activities/be', { name: 'consulting' });
    assert.equal(renamed.body.data.name, 'consulting');
    assert.equal((await c.get('/activities/be')).status, 404);
    assert.equal((await c.get('/activities/consulting')).status, 200);
    assert.equal((await c.patch('/activities/nope', { description: 'x' })).status, 404);
  });

  test('modified moves forward on update and created stays', async () => {
    const c = await t().tenant();
    await c.post('/activities', { name: 'be' });
    await t()
      .database.db.updateTable('activities')
      .set({ created: '2020-01-01 00:00:00', modified: '2020-01-01 00:00:00' })
      .where('tenant_id', '=', c.tenant.id)
      .execute();
    const r = await c.patch('/activities/be', { description: 'x' });
    assert.equal(r.body.data.created, '2020-01-01T00:00:00.000000Z');
    assert.ok(r.body.data.modified > '2024', r.body.data.modified);
  });

  test('DELETE answers 204 and removes the activity; again, or in another tenant, 404', async () => {
    const a = await t().tenant();
    const b = await t().tenant();
    await a.post('/activities', { name: 'be' });
    assert.equal((await b.delete('/activities/be')).status, 404);
    const del = await a.delete('/activities/be');
    assert.equal(del.status, 204);
    assert.equal(del.text, '');
    assert.equal((await a.get('/activities/be')).status, 404);
    assert.equal((await a.delete('/activities/be')).status, 404);
  });
});
