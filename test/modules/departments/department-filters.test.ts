// GET /departments start_date/end_date (contract: dates, not nullable, empty -> 422; semantics ours: active in the
// range, open ends count as open) and GET /departments/{id}/children (direct children, paginated).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { forEachDialect, type Client } from '../../support/app.js';

async function seed(c: Client) {
  const ids: Record<string, number> = {};
  for (const [name, start_date, end_date] of [
    ['Q1', '2024-01-01', '2024-03-31'],
    ['FromJune', '2024-06-01', null],
    ['Ended2023', null, '2023-12-31'],
    ['Always', null, null],
  ] as const) {
    ids[name] = (await c.post('/departments', { name, start_date, end_date })).body.data.id;
  }
  return ids;
}

const names = async (c: Client, qs: string) => {
  const r = await c.get(`/departments?${qs}&orderBy=name&limit=200`);
  assert.equal(r.status, 200, r.text);
  return r.body.data.map((d: any) => d.name);
};

forEachDialect('department filters and children', (t) => {
  test('start_date keeps departments still active on or after it (open end counts)', async () => {
    const c = await t().tenant();
    await seed(c);
    assert.deepEqual(await names(c, 'start_date=2024-04-01'), ['Always', 'FromJune', 'Standard']);
    assert.deepEqual(await names(c, 'start_date=2024-03-31'), ['Always', 'FromJune', 'Q1', 'Standard']);
  });

  test('end_date keeps departments already active on or before it (open start counts)', async () => {
    const c = await t().tenant();
    await seed(c);
    assert.deepEqual(await names(c, 'end_date=2023-12-31'), ['Always', 'Ended2023', 'Standard']);
    assert.deepEqual(await names(c, 'end_date=2024-01-01'), ['Always', 'Ended2023', 'Q1', 'Standard']);
  });

  test('both together select departments overlapping the range', async () => {
    const c = await t().tenant();
    await seed(c);
    assert.deepEqual(await names(c, 'start_date=2024-02-01&end_date=2024-02-29'), ['Always', 'Q1', 'Standard']);
    assert.deepEqual(await names(c, 'start_date=2024-04-01&end_date=2024-05-31'), ['Always', 'Standard']);
    assert.deepEqual(await names(c, 'start_date=2023-01-01&end_date=2030-01-01'), [
      'Always',
      'Ended2023',
      'FromJune',
      'Q1',
      'Standard',
    ]);
  });

  test('an empty, partial or timed date filter answers 422 on that field', async () => {
    const c = await t().tenant();
    for (const field of ['start_date', 'end_date']) {
      for (const v of ['', '2024-01', '2024-01-01T00:00:00', '2024-02-30', 'today']) {
        const r = await c.get(`/departments?${field}=${encodeURIComponent(v)}`);
        assert.equal(r.status, 422, `${field}=${v}`);
        assert.deepEqual(Object.keys(r.body.errors), [field]);
      }
    }
  });

  test('children: the direct children only, paginated like every list; 404 for an unknown department', async () => {
    const c = await t().tenant();
    const top = (await c.post('/departments', { name: 'Top' })).body.data.id;
    const kids: number[] = [];
    for (const name of ['K1', 'K2', 'K3'])
      kids.push((await c.post('/departments', { name, parent_id: top })).body.data.id);
    await c.post('/departments', { name: 'Grandchild', parent_id: kids[0] });
    const r = await c.get(`/departments/${top}/children?limit=2`);
    assert.equal(r.status, 200);
    assert.deepEqual(
      r.body.data.map((d: any) => d.name),
      ['K1', 'K2'],
    );
    assert.deepEqual([r.body.meta.total, r.body.meta.last_page], [3, 2]);
    assert.match(r.body.links.next, new RegExp(`/departments/${top}/children\\?limit=2&page=2$`));
    assert.ok(r.body.data.every((d: any) => d.parent_id === top));
    assert.equal((await c.get(`/departments/${kids[0]}`)).body.data.children_count, 1);
    assert.deepEqual((await c.get(`/departments/${kids[1]}/children`)).body.data, []);
    assert.equal((await c.get('/departments/987654321/children')).status, 404);
    assert.equal((await c.get(`/departments/${top}/children?limit=0`)).status, 422);
  });

  test('children_count counts direct children in the list', async () => {
    const c = await t().tenant();
    const top = (await c.post('/departments', { name: 'Top' })).body.data.id;
    await c.post('/departments', { name: 'A', parent_id: top });
    await c.post('/departments', { name: 'B', parent_id: top });
    const list = (await c.get('/departments?orderBy=name')).body.data;
    assert.deepEqual(
      list.map((d: any) => [d.name, d.children_count]),
      [
        ['A', 0],
        ['B', 0],
        ['Standard', 0],
        ['Top', 2],
      ],
    );
  });
});
