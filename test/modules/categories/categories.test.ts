// GET/POST/PATCH/PUT/DELETE /categories (contract Category, docs/api/masterdata.md): the name is the key (numeric ids do
// not work), translations object, type {id, name}, `type` filter, tenant isolation.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { expectFieldErrors } from '../../support/expect.js';
import { forEachDialect } from '../../support/app.js';

const names = (r: { body: { data: { name: string }[] } }) => r.body.data.map((x) => x.name);

forEachDialect('categories', (t) => {
  test('create answers 201 with a full translation object and the type as {id, name}', async () => {
    const c = await t().tenant();
    const r = await c.post('/categories', {
      name: 'Key account',
      type: 'customer',
      description: { de: 'Schlüsselkunde', en: 'Key account' },
    });
    assert.equal(r.status, 201, r.text);
    assert.deepEqual(
      { ...r.body.data, created: 0, modified: 0 },
      {
        name: 'Key account',
        description: { de: 'Schlüsselkunde', en: 'Key account', fr: null, es: null, pl: null },
        type: { id: 'customer', name: 'Customer' },
        created: 0,
        modified: 0,
        created_by: null,
        modified_by: null,
      },
    );
    assert.match(r.body.data.created, /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.000000Z$/);
    const bare = await c.post('/categories', { name: 'Bare', type: 'project' });
    assert.deepEqual(bare.body.data.description, { de: null, en: null, fr: null, es: null, pl: null });
    const extra = await c.post('/categories', { name: 'Sk', type: 'project', description: { sk: 'Slovensky' } });
    assert.equal(extra.body.data.description.sk, 'Slovensky');
  });

  test('the name is the key: numeric ids do not work, a numeric name does', async () => {
    const c = await t().tenant();
    await c.post('/categories', { name: 'Performance', type: 'ticket' });
    const [row] = await t()
      .database.db.selectFrom('categories')
      .select('id')
      .where('tenant_id', '=', c.tenant.id)
      .execute();
    assert.equal((await c.get(`/categories/${row.id}`)).status, 404);
    assert.equal((await c.get('/categories/Performance')).body.data.name, 'Performance');
    await c.post('/categories', { name: '42', type: 'ticket' });
    assert.equal((await c.get('/categories/42')).body.data.name, '42');
  });

  test('the type filter restricts the list; an unknown type matches nothing', async () => {
    const c = await t().tenant();
    await c.post('/categories', { name: 'A', type: 'customer' });
    await c.post('/categories', { name: 'B', type: 'project' });
    await c.post('/categories', { name: 'C', type: 'customer' });
    assert.deepEqual(names(await c.get('/categories?type=customer')), ['A', 'C']);
    assert.deepEqual(names(await c.get('/categories?type=project')), ['B']);
    assert.deepEqual(names(await c.get('/categories?type=vehicle')), []);
    assert.deepEqual(names(await c.get('/categories?orderBy=type&order=desc')), ['B', 'A', 'C']);
  });

  test('404 for unknown names and for another tenant; lists are per tenant', async () => {
    const a = await t().tenant();
    const b = await t().tenant();
    await a.post('/categories', { name: 'Mine', type: 'customer' });
    assert.equal((await a.get('/categories/Other')).status, 404);
    assert.equal((await b.get('/categories/Mine')).status, 404);
    assert.equal((await b.patch('/categories/Mine', { type: 'project' })).status, 404);
    assert.equal((await b.delete('/categories/Mine')).status, 404);
    assert.deepEqual(names(await b.get('/categories')), []);
  });

  test('422: duplicate name, missing or unknown type, over-long name, bad translations', async () => {
    const c = await t().tenant();
    await c.post('/categories', { name: 'A', type: 'customer' });
    await expectFieldErrors(c, 'POST', '/categories', [
      [{ name: 'A', type: 'project' }, 'name'],
      [{ name: 'B' }, 'type'],
      [{ name: 'B', type: 'planet' }, 'type'],
      [{ name: 'x'.repeat(65), type: 'customer' }, 'name'],
      [{ name: 'B', type: 'customer', description: 'plain text' }, 'description'],
      [{ name: 'B', type: 'customer', description: { de: 'x'.repeat(1001) } }, 'description.de'],
    ]);
  });

  test('PATCH/PUT change only submitted fields; a new description replaces the old one; rename moves the key', async () => {
    const c = await t().tenant();
    await c.post('/categories', { name: 'A', type: 'customer', description: { de: 'alt', en: 'old' } });
    const p = await c.patch('/categories/A', { description: { en: 'new' } });
    assert.equal(p.status, 200);
    assert.deepEqual(
      [p.body.data.type.id, p.body.data.description.de, p.body.data.description.en],
      ['customer', null, 'new'],
    );
    const put = await c.put('/categories/A', { type: 'employee', name: 'B' });
    assert.deepEqual(
      [put.body.data.name, put.body.data.type, put.body.data.description.en],
      ['B', { id: 'employee', name: 'Employee' }, 'new'],
    );
    assert.equal((await c.get('/categories/A')).status, 404);
    await c.post('/categories', { name: 'C', type: 'customer' });
    assert.deepEqual(Object.keys((await c.patch('/categories/B', { name: 'C' })).body.errors), ['name']);
  });

  test('DELETE answers 204; the category is gone', async () => {
    const c = await t().tenant();
    await c.post('/categories', { name: 'A', type: 'customer' });
    assert.equal((await c.delete('/categories/A')).status, 204);
    assert.equal((await c.get('/categories/A')).status, 404);
    assert.equal((await c.delete('/categories/A')).status, 404);
  });
});
