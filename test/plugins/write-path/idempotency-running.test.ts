// A retry while the first request with the same Idempotency-Key still runs. A barrier in a hook
// that runs after the write path claimed the key holds the first request open; the retry arrives meanwhile.
// PostgreSQL: the retry sees the claimed key and gets 409 at once. SQLite: the first request holds the one write
// connection, so the retry waits for it and then gets the stored response (a replay), never a second write.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { forEachDialect } from '../../support/app.js';

/** The barrier: a request sent with x-test-hold signals `held`, then waits for `release`. */
let release = () => {};
let held = () => {};
let gate = Promise.resolve();

forEachDialect(
  'write path: a retry while the first request runs',
  (t) => {
    test('409 on PostgreSQL, the replay on SQLite; one record either way', async () => {
      const c = await t().tenant();
      gate = new Promise<void>((resolve) => (release = resolve));
      const holding = new Promise<void>((resolve) => (held = resolve));
      const opts = { headers: { 'idempotency-key': 'slow' } };
      const first = c.post('/departments', { name: 'Slow' }, { headers: { ...opts.headers, 'x-test-hold': '1' } });
      await holding;
      if (t().dialect === 'postgres') {
        const retry = await c.post('/departments', { name: 'Slow' }, opts);
        assert.equal(retry.status, 409, retry.text);
        assert.match(retry.body.message, /still being processed/);
        release();
        assert.equal((await first).status, 201);
      } else {
        const retry = c.post('/departments', { name: 'Slow' }, opts);
        release();
        assert.equal((await first).status, 201);
        const r = await retry;
        assert.equal(r.status, 201);
        assert.equal(r.headers['idempotent-replayed'], 'true');
      }
      const names = (await c.get('/departments')).body.data.map((d: { name: string }) => d.name);
      assert.deepEqual(
        names.filter((n: string) => n === 'Slow'),
        ['Slow'],
      );
    });
  },
  {},
  (app) => {
    // Added after the API scope's hooks, it runs after the write path claimed the key and opened the transaction.
    app.addHook('preHandler', async (request) => {
      if (request.headers['x-test-hold'] !== '1') return;
      held();
      await gate;
    });
  },
);
