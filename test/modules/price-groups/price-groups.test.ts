// /price-groups: {id, name, number, status, description}, unique names, renames followed by employees,
// delete refused while in use, tenant isolation.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { forEachDialect } from '../../support/app.js';
import { createEmployee, userPath } from '../../support/people.js';

forEachDialect('price groups', (t) => {
  test('create and read the embedded shape with full translations', async () => {
    const c = await t().tenant();
    const r = await c.post('/price-groups', {
      name: '01',
      number: 'PG-1',
      description: { de: 'Junior', en: 'Junior' },
    });
    assert.equal(r.status, 201, r.text);
    assert.deepEqual(
      { ...r.body.data, id: 0, created: null, modified: null },
      {
        id: 0,
        name: '01',
        number: 'PG-1',
        status: true,
        description: { de: 'Junior', en: 'Junior', fr: null, es: null, pl: null },
        created: null,
        modified: null,
        created_by: null,
        modified_by: null,
      },
    );
    const list = await c.get('/price-groups');
    assert.equal(list.body.meta.total, 1);
    assert.equal((await c.get(`/price-groups/${r.body.data.id}`)).body.data.name, '01');
  });

  test('names are unique (422 on name); a rename is followed by employees', async () => {
    const c = await t().tenant();
    const g = (await c.post('/price-groups', { name: 'Junior' })).body.data;
    await c.post('/price-groups', { name: 'Senior' });
    const dup = await c.patch(`/price-groups/${g.id}`, { name: 'Senior' });
    assert.equal(dup.status, 422);
    assert.deepEqual(Object.keys(dup.body.errors), ['name']);
    const e = await createEmployee(c, { price_group: 'Junior' });
    assert.equal((await c.patch(`/price-groups/${g.id}`, { name: 'Junior-Entwickler', status: false })).status, 200);
    assert.equal((await c.get(userPath(e.username))).body.data.price_group, 'Junior-Entwickler');
  });

  test('a group used by employees cannot be deleted (422); an unused one can; other tenants get 404', async () => {
    const c = await t().tenant();
    const other = await t().tenant();
    const used = (await c.post('/price-groups', { name: 'Used' })).body.data;
    await createEmployee(c, { price_group: 'Used' });
    const r = await c.delete(`/price-groups/${used.id}`);
    assert.equal(r.status, 422);
    assert.ok(r.body.errors.id);
    assert.equal((await other.get(`/price-groups/${used.id}`)).status, 404);
    const free = (await c.post('/price-groups', { name: 'Free' })).body.data;
    assert.equal((await c.delete(`/price-groups/${free.id}`)).status, 204);
  });
});
