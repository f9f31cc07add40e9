// Deep pages in key order read through seek tables (remembered keys every `step` rows) once the same query
// repeats: every page, ascending and descending, holds exactly what plain offsets give, also after writes.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { forEachDialect } from '../../support/app.js';
import { seekTables } from '../../../src/http/list/index.js';

forEachDialect(
  'seek tables',
  (t) => {
    test('walking every page twice (plain, then through seek tables) gives the same exact pages; writes void them', async () => {
      seekTables.step = 4;
      const c = await t().tenant();
      for (let i = 0; i < 30; i++) assert.equal((await c.post('/departments', { name: `D${i % 7}` })).status, 201);
      const all = (await c.get('/departments?limit=200&orderBy=id')).body.data.map((d: any) => d.id);
      assert.equal(all.length, 31);
      const walk = async (order: string) => {
        const ids: number[] = [];
        for (let page = 1; page <= 11; page++)
          ids.push(
            ...(await c.get(`/departments?limit=3&order=${order}&page=${page}`)).body.data.map((d: any) => d.id),
          );
        return ids;
      };
      for (const order of ['asc', 'desc']) {
        const expected = order === 'asc' ? all : [...all].reverse();
        assert.deepEqual(await walk(order), expected, `${order}, first walk`);
        assert.deepEqual(await walk(order), expected, `${order}, second walk (seek tables built)`);
        assert.deepEqual(await walk(order), expected, `${order}, third walk (seek tables used)`);
      }
      // A write voids the tables: the next walks see the new record in its place.
      const added = (await c.post('/departments', { name: 'new' })).body.data.id;
      assert.deepEqual(await walk('asc'), [...all, added].slice(0, 33));
      await c.delete(`/departments/${all[10]}`);
      const after = [...all.filter((id: number) => id !== all[10]), added];
      assert.deepEqual(await walk('asc'), after);
      assert.deepEqual(await walk('asc'), after);
      // A sort other than the key never uses them.
      const byName = (await c.get('/departments?limit=200&orderBy=name')).body.data.map((d: any) => d.id);
      const paged: number[] = [];
      for (let page = 1; page <= 11; page++)
        paged.push(...(await c.get(`/departments?limit=3&orderBy=name&page=${page}`)).body.data.map((d: any) => d.id));
      assert.deepEqual(paged, byName);
    });
  },
  { countCacheMs: 60_000 },
);
