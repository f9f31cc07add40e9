// Paging is stable and exact on both halves of a list (pages past the middle are read from the far end):
// ties follow the key ascending; nullable sort columns place nulls last ascending and first descending.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { forEachDialect } from '../../support/app.js';

forEachDialect('paging order', (t) => {
  test('walking every page of a tie-heavy nullable sort returns each record once, in the documented order', async () => {
    const c = await t().tenant();
    const descriptions = ['b', null, 'a', 'b', null, 'a', 'c', 'b', null, 'a', 'c'];
    const created: { id: number; description: string | null }[] = [];
    for (const [i, description] of descriptions.entries()) {
      const r = await c.post('/departments', { name: `D${i}`, description });
      assert.equal(r.status, 201, r.text);
      created.push({ id: r.body.data.id, description });
    }
    const all = [
      { id: (await c.get('/departments?orderBy=id&limit=1')).body.data[0].id, description: null },
      ...created,
    ]; // + the standard department
    const key = (x: { description: string | null }) => x.description;
    for (const order of ['asc', 'desc'] as const) {
      const expected = [...all]
        .sort((x, y) => {
          const a = key(x);
          const b = key(y);
          if (a !== b) {
            if (a === null) return order === 'asc' ? 1 : -1;
            if (b === null) return order === 'asc' ? -1 : 1;
            return (a < b ? -1 : 1) * (order === 'asc' ? 1 : -1);
          }
          return x.id - y.id;
        })
        .map((x) => x.id);
      for (const limit of [2, 3, 5]) {
        const seen: number[] = [];
        for (let page = 1; page <= Math.ceil(all.length / limit); page++) {
          const r = await c.get(`/departments?orderBy=description&order=${order}&limit=${limit}&page=${page}`);
          assert.equal(r.status, 200, r.text);
          assert.equal(r.body.meta.total, all.length);
          seen.push(...r.body.data.map((d: any) => d.id));
        }
        assert.deepEqual(seen, expected, `order=${order} limit=${limit}`);
      }
    }
  });

  test('the last page holds the remainder, and from/to count positions', async () => {
    const c = await t().tenant();
    for (let i = 0; i < 6; i++) await c.post('/departments', { name: `D${i}` });
    const r = await c.get('/departments?limit=4&page=2');
    assert.equal(r.body.data.length, 3);
    assert.deepEqual([r.body.meta.from, r.body.meta.to, r.body.meta.total, r.body.meta.last_page], [5, 7, 7, 2]);
    const ids = (await c.get('/departments?limit=10')).body.data.map((d: any) => d.id);
    assert.deepEqual(
      r.body.data.map((d: any) => d.id),
      ids.slice(4),
    );
  });
});
