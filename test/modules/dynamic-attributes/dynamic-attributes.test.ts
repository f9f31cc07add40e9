// GET/POST/PATCH/PUT/DELETE /dynamic-attributes (definitions, docs/api/masterdata.md): shape, entity_type filter,
// tenant isolation, 422 on bad input.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { expectFieldErrors } from '../../support/expect.js';
import { forEachDialect, type Client } from '../../support/app.js';

async function define(c: Client, body: Record<string, unknown>) {
  const r = await c.post('/dynamic-attributes', body);
  assert.equal(r.status, 201, r.text);
  return r.body.data;
}

forEachDialect('dynamic attribute definitions', (t) => {
  test('create answers 201 with every field; JSON-valued fields round-trip', async () => {
    const c = await t().tenant();
    const d = await define(c, {
      name: 'Department Code',
      type: 'Text',
      entity_type: 'customer',
      required: true,
      description: { de: 'Kürzel', en: 'Code' },
      options: ['A', 'B'],
      default_value: 'A',
      validation_rules: { min_length: 1, max_length: 5, pattern: '^[A-Z]+$' },
    });
    assert.deepEqual(
      { ...d, id: 0, created: 0, modified: 0 },
      {
        id: 0,
        name: 'Department Code',
        type: 'Text',
        entity_type: 'customer',
        required: true,
        description: { de: 'Kürzel', en: 'Code', fr: null, es: null, pl: null },
        options: ['A', 'B'],
        default_value: 'A',
        validation_rules: { min_length: 1, max_length: 5, pattern: '^[A-Z]+$' },
        created: 0,
        modified: 0,
        created_by: null,
        modified_by: null,
      },
    );
    assert.ok(Number.isInteger(d.id));
    assert.match(d.created, /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.000000Z$/);
    const minimal = await define(c, { name: 'Count', type: 'Integer', default_value: 3 });
    assert.deepEqual(
      [
        minimal.entity_type,
        minimal.required,
        minimal.description,
        minimal.options,
        minimal.default_value,
        minimal.validation_rules,
      ],
      [null, false, null, null, 3, null],
    );
    assert.deepEqual((await c.get(`/dynamic-attributes/${d.id}`)).body.data, d);
  });

  test('the list is per tenant and filters by entity_type', async () => {
    const a = await t().tenant();
    const b = await t().tenant();
    await define(a, { name: 'A', type: 'Text', entity_type: 'customer' });
    await define(a, { name: 'B', type: 'Boolean', entity_type: 'project' });
    await define(a, { name: 'C', type: 'Float', entity_type: 'customer' });
    await define(b, { name: 'Other', type: 'Text', entity_type: 'customer' });
    const names = async (c: Client, qs = '') =>
      (await c.get(`/dynamic-attributes${qs}`)).body.data.map((x: any) => x.name);
    assert.deepEqual(await names(a), ['A', 'B', 'C']);
    assert.deepEqual(await names(a, '?entity_type=customer'), ['A', 'C']);
    assert.deepEqual(await names(a, '?orderBy=type'), ['B', 'C', 'A']);
    assert.deepEqual(await names(b), ['Other']);
  });

  test("404 for unknown ids and for another tenant's definition", async () => {
    const a = await t().tenant();
    const b = await t().tenant();
    const d = await define(a, { name: 'A', type: 'Text' });
    assert.equal((await a.get('/dynamic-attributes/987654321')).status, 404);
    assert.equal((await b.get(`/dynamic-attributes/${d.id}`)).status, 404);
    assert.equal((await b.patch(`/dynamic-attributes/${d.id}`, { required: true })).status, 404);
    assert.equal((await b.delete(`/dynamic-attributes/${d.id}`)).status, 404);
    assert.equal((await a.get(`/dynamic-attributes/${d.id}`)).body.data.required, false);
  });

  test('422: duplicate name, missing or unknown type, unknown entity type, bad options and rules', async () => {
    const c = await t().tenant();
    await define(c, { name: 'A', type: 'Text' });
    await expectFieldErrors(c, 'POST', '/dynamic-attributes', [
      [{ name: 'A', type: 'Integer' }, 'name'],
      [{ name: 'B' }, 'type'],
      [{ name: 'B', type: 'String' }, 'type'],
      [{ name: 'B', type: 'Text', entity_type: 'planet' }, 'entity_type'],
      [{ name: 'B', type: 'Optionen', options: { a: 'A' } }, 'options'],
      [{ name: 'B', type: 'Text', validation_rules: { max_length: -1 } }, 'validation_rules.max_length'],
      [{ name: 'x'.repeat(65), type: 'Text' }, 'name'],
    ]);
  });

  test('PATCH/PUT change only submitted fields; null clears JSON fields; renaming onto another name is 422', async () => {
    const c = await t().tenant();
    const d = await define(c, { name: 'A', type: 'Optionen', options: ['x', 'y'], default_value: 'x' });
    await define(c, { name: 'B', type: 'Text' });
    const p = await c.patch(`/dynamic-attributes/${d.id}`, { required: true });
    assert.equal(p.status, 200);
    assert.deepEqual(
      [p.body.data.required, p.body.data.options, p.body.data.default_value, p.body.data.type],
      [true, ['x', 'y'], 'x', 'Optionen'],
    );
    const put = await c.put(`/dynamic-attributes/${d.id}`, { options: null, name: 'A2' });
    assert.deepEqual([put.body.data.name, put.body.data.options, put.body.data.default_value], ['A2', null, 'x']);
    const dup = await c.patch(`/dynamic-attributes/${d.id}`, { name: 'B' });
    assert.equal(dup.status, 422);
    assert.deepEqual(Object.keys(dup.body.errors), ['name']);
  });

  test('DELETE answers 204; the definition is gone', async () => {
    const c = await t().tenant();
    const d = await define(c, { name: 'A', type: 'Text' });
    assert.equal((await c.delete(`/dynamic-attributes/${d.id}`)).status, 204);
    assert.equal((await c.get(`/dynamic-attributes/${d.id}`)).status, 404);
    assert.equal((await c.delete(`/dynamic-attributes/${d.id}`)).status, 404);
  });
});
