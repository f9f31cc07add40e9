// GET/POST/PATCH/PUT/DELETE /departments (docs/api/people.md): shape and formats, tenant isolation, parent rules (exists
// in the tenant, no cycles), deletes refused for the standard department and for parents.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { expectFieldErrors } from '../../support/expect.js';
import { forEachDialect, type Client } from '../../support/app.js';

const TIMESTAMP = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.000000Z$/;

async function create(c: Client, body: Record<string, unknown>): Promise<number> {
  const r = await c.post('/departments', body);
  assert.equal(r.status, 201, r.text);
  return r.body.data.id;
}

const standardId = async (c: Client) =>
  (await c.get('/departments?limit=200')).body.data.find((d: any) => d.is_standard).id as number;

forEachDialect('departments', (t) => {
  test('every tenant starts with its standard department', async () => {
    const c = await t().tenant();
    const r = await c.get('/departments');
    assert.equal(r.body.meta.total, 1);
    assert.deepEqual(
      { ...r.body.data[0], id: 0, created: 0, modified: 0 },
      {
        id: 0,
        parent_id: null,
        name: 'Standard',
        description: null,
        comments: null,
        status: null,
        start_date: null,
        end_date: null,
        is_standard: true,
        children_count: 0,
        manager_count: 0,
        created: 0,
        modified: 0,
        created_by: null,
        modified_by: null,
      },
    );
  });

  test('create answers 201 with dates as YYYY-MM-DDT00:00:00.000000Z and timestamps with six zero digits', async () => {
    const c = await t().tenant();
    const parent = await standardId(c);
    const r = await c.post('/departments', {
      name: 'Dev',
      parent_id: parent,
      description: 'Development',
      comments: 'c',
      status: 1,
      start_date: '2024-01-01',
      end_date: '2024-12-31',
    });
    assert.equal(r.status, 201, r.text);
    const d = r.body.data;
    assert.deepEqual(
      { ...d, id: 0, created: 0, modified: 0 },
      {
        id: 0,
        parent_id: parent,
        name: 'Dev',
        description: 'Development',
        comments: 'c',
        status: 1,
        start_date: '2024-01-01T00:00:00.000000Z',
        end_date: '2024-12-31T00:00:00.000000Z',
        is_standard: false,
        children_count: 0,
        manager: [],
        created: 0,
        modified: 0,
        created_by: null,
        modified_by: null,
      },
    );
    assert.ok(Number.isInteger(d.id));
    assert.match(d.created, TIMESTAMP);
    assert.match(d.modified, TIMESTAMP);
    assert.deepEqual((await c.get(`/departments/${d.id}`)).body.data, d);
    assert.equal((await c.get(`/departments/${parent}`)).body.data.children_count, 1);
  });

  test("404 for an unknown id and for the id of another tenant's department (read, write, delete)", async () => {
    const a = await t().tenant();
    const b = await t().tenant();
    const id = await create(a, { name: 'Secret' });
    assert.equal((await a.get('/departments/987654321')).status, 404);
    assert.equal((await b.get(`/departments/${id}`)).status, 404);
    assert.equal((await b.patch(`/departments/${id}`, { name: 'Mine' })).status, 404);
    assert.equal((await b.delete(`/departments/${id}`)).status, 404);
    assert.equal((await b.get(`/departments/${id}/children`)).status, 404);
    assert.equal((await a.get(`/departments/${id}`)).body.data.name, 'Secret');
  });

  test('422 for bad fields: name, status, dates with a time part or impossible, end before start', async () => {
    const c = await t().tenant();
    await expectFieldErrors(c, 'POST', '/departments', [
      [{}, 'name'],
      [{ name: '' }, 'name'],
      [{ name: 'x'.repeat(65) }, 'name'],
      [{ name: 'x', status: 2 }, 'status'],
      [{ name: 'x', description: 'd'.repeat(256) }, 'description'],
      [{ name: 'x', start_date: '2024-01-01T10:00:00' }, 'start_date'],
      [{ name: 'x', end_date: '2024-02-30' }, 'end_date'],
      [{ name: 'x', start_date: '2024-02-01', end_date: '2024-01-31' }, 'end_date'],
      [{ name: 'x', parent_id: 0 }, 'parent_id'],
    ]);
    assert.equal((await c.get('/departments')).body.meta.total, 1);
  });

  test('the parent must exist in the same tenant', async () => {
    const a = await t().tenant();
    const b = await t().tenant();
    const foreign = await create(b, { name: 'Foreign' });
    for (const parent_id of [foreign, 987654321]) {
      const r = await a.post('/departments', { name: 'x', parent_id });
      assert.equal(r.status, 422);
      assert.deepEqual(Object.keys(r.body.errors), ['parent_id']);
    }
    const own = await create(a, { name: 'Own' });
    const moved = await a.patch(`/departments/${own}`, { parent_id: foreign });
    assert.deepEqual(Object.keys(moved.body.errors), ['parent_id']);
  });

  test('no cycles: a department cannot be its own parent or sit below its descendants', async () => {
    const c = await t().tenant();
    const top = await create(c, { name: 'Top' });
    const mid = await create(c, { name: 'Mid', parent_id: top });
    const leaf = await create(c, { name: 'Leaf', parent_id: mid });
    for (const parent_id of [top, mid, leaf]) {
      const r = await c.patch(`/departments/${top}`, { parent_id });
      assert.equal(r.status, 422, `parent ${parent_id}`);
      assert.deepEqual(Object.keys(r.body.errors), ['parent_id']);
    }
    assert.equal((await c.get(`/departments/${top}`)).body.data.parent_id, null);
    const ok = await c.patch(`/departments/${leaf}`, { parent_id: top });
    assert.equal(ok.status, 200);
    assert.equal((await c.patch(`/departments/${leaf}`, { parent_id: null })).body.data.parent_id, null);
  });

  test('PATCH/PUT change only submitted fields; the end/start check uses the stored other date', async () => {
    const c = await t().tenant();
    const id = await create(c, { name: 'A', description: 'keep', start_date: '2024-06-01' });
    const p = await c.patch(`/departments/${id}`, { comments: 'new' });
    assert.deepEqual(
      [p.body.data.description, p.body.data.comments, p.body.data.start_date],
      ['keep', 'new', '2024-06-01T00:00:00.000000Z'],
    );
    const bad = await c.put(`/departments/${id}`, { end_date: '2024-05-31' });
    assert.equal(bad.status, 422);
    assert.deepEqual(Object.keys(bad.body.errors), ['end_date']);
    const put = await c.put(`/departments/${id}`, { end_date: '2024-06-01', description: null });
    assert.deepEqual([put.body.data.end_date, put.body.data.description], ['2024-06-01T00:00:00.000000Z', null]);
  });

  test('delete: refused (422) for the standard department and for a parent; a leaf answers 204', async () => {
    const c = await t().tenant();
    const standard = await standardId(c);
    const refusedStandard = await c.delete(`/departments/${standard}`);
    assert.equal(refusedStandard.status, 422);
    assert.match(refusedStandard.body.errors.id.join(' '), /standard/);
    const parent = await create(c, { name: 'Parent' });
    const child = await create(c, { name: 'Child', parent_id: parent });
    const refusedParent = await c.delete(`/departments/${parent}`);
    assert.equal(refusedParent.status, 422);
    assert.match(refusedParent.body.errors.id.join(' '), /parent/);
    assert.equal((await c.delete(`/departments/${child}`)).status, 204);
    assert.equal((await c.delete(`/departments/${parent}`)).status, 204);
    assert.equal((await c.get(`/departments/${parent}`)).status, 404);
    assert.equal((await c.get('/departments')).body.meta.total, 1);
  });
});
