// The rate limiter fails open: when Redis cannot be reached, requests pass without rate-limit headers (never a
// 500); the warning is logged once per change of state.
import assert from 'node:assert/strict';
import { Writable } from 'node:stream';
import { test } from 'node:test';
import { buildApp } from '../../src/app.js';
import { RedisRateLimiter } from '../../src/plugins/rate-limit.js';
import { forEachDialect } from '../support/app.js';

/** A logger destination that keeps the JSON lines. */
function logLines() {
  const lines: any[] = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      for (const line of String(chunk).split('\n').filter(Boolean)) lines.push(JSON.parse(line));
      done();
    },
  });
  return { lines, stream };
}

forEachDialect('rate limit without Redis', (t) => {
  test('Redis unreachable: reads and writes pass without limit headers, with a warning in the log', async () => {
    const c = await t().tenant();
    const log = logLines();
    // Port 1 refuses connections; no retries, so each command fails at once.
    const limiter = new RedisRateLimiter('redis://127.0.0.1:1', [{ limit: 3, seconds: 300 }], 'zk:test:down:', {
      maxRetriesPerRequest: 0,
      connectTimeout: 200,
    });
    const app = await buildApp(t().config, {
      database: t().database,
      keepDatabase: true,
      logger: { level: 'warn', stream: log.stream },
      rateLimiter: limiter,
    });
    await app.ready();
    try {
      const headers = { authorization: `Bearer ${c.token}` };
      const url = `/${c.tenant.instance}/next/api/v1/activities`;
      const seen = [];
      for (let i = 0; i < 5; i++) {
        const r = await app.inject({ method: 'GET', url, headers });
        seen.push([r.statusCode, r.headers['x-ratelimit-limit'], r.headers['ratelimit-policy']]);
      }
      assert.deepEqual(seen, Array(5).fill([200, undefined, undefined]), 'five requests pass although the limit is 3');
      const created = await app.inject({ method: 'POST', url, headers, payload: { name: 'fo1' } });
      assert.equal(created.statusCode, 201, created.body);
      const warnings = log.lines.filter((l) => l.level === 40 && /rate limiter unavailable/.test(l.msg));
      // One line per change of state (the circuit opens once), not one per request.
      assert.equal(warnings.length, 1);
      assert.ok(warnings[0].err, 'the cause is logged');
    } finally {
      await app.close();
    }
  });
});
