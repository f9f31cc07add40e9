// List totals are cached (COUNT_CACHE_MS) but never stale for this process's own writes.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { forEachDialect } from '../../support/app.js';

forEachDialect(
  'count cache',
  (t) => {
    test('a write in this process voids cached totals at once (create, update, delete)', async () => {
      const c = await t().tenant();
      assert.equal((await c.get('/activities')).body.meta.total, 0);
      assert.equal((await c.get('/activities')).body.meta.total, 0);
      await c.post('/activities', { name: 'be' });
      assert.equal((await c.get('/activities')).body.meta.total, 1);
      await c.post('/activities', { name: 'dev' });
      assert.equal((await c.get('/activities?limit=1')).body.meta.last_page, 2);
      await c.delete('/activities/be');
      assert.equal((await c.get('/activities?limit=1')).body.meta.total, 1);
    });

    test('totals are cached per query text and parameters: filters and tenants never share an entry', async () => {
      const a = await t().tenant();
      const b = await t().tenant();
      await a.post('/categories', { name: 'c1', type: 'customer' });
      await a.post('/categories', { name: 'p1', type: 'project' });
      assert.equal((await a.get('/categories')).body.meta.total, 2);
      assert.equal((await a.get('/categories?type=project')).body.meta.total, 1);
      assert.equal((await b.get('/categories')).body.meta.total, 0);
    });
  },
  { countCacheMs: 60_000 },
);

const statements: string[] = [];
forEachDialect(
  'count cache: no stampede',
  (t) => {
    test('concurrent requests of one list with a cold cache run a single count query', async () => {
      const c = await t().tenant();
      for (const name of ['a', 'b', 'c']) await c.post('/activities', { name });
      statements.length = 0;
      const results = await Promise.all(Array.from({ length: 10 }, () => c.get('/activities?orderBy=name')));
      assert.ok(results.every((r) => r.status === 200 && r.body.meta.total === 3));
      const counts = statements.filter((s) => /count\(\*\)/.test(s) && /"activities"/.test(s));
      assert.equal(counts.length, 1, counts.join('\n'));
    });
  },
  { countCacheMs: 60_000 },
  undefined,
  { onQuery: (sql) => statements.push(sql) },
);
