// Per-token rate limits (5-minute and hourly fixed windows), 429 with Retry-After, RateLimit-Policy /
// RateLimit and X-RateLimit-* headers; in memory, and shared through Redis by several processes.
// The clock is frozen at the start of an hour so window boundaries never fall inside a test.
import assert from 'node:assert/strict';
import crypto from 'node:crypto';
import { test, type TestContext as NodeTestContext } from 'node:test';
import { buildApp, createRateLimiter } from '../../src/app.js';
import { MemoryRateLimiter, RedisRateLimiter } from '../../src/plugins/rate-limit.js';
import { createToken } from '../../src/tenancy/tokens.js';
import { forEachDialect, type Client, type Response } from '../support/app.js';

const REDIS_URL = process.env.ZK_TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const HOUR = 3_600_000;

/** Freeze Date at 10 s past the start of the current hour; returns a function that advances it. */
function freezeClock(t: NodeTestContext) {
  t.mock.timers.enable({ apis: ['Date'], now: Math.floor(Date.now() / HOUR) * HOUR + 10_000 });
  return (ms: number) => t.mock.timers.tick(ms);
}

const limitHeaders = (r: Response) => [r.headers['x-ratelimit-limit'], r.headers['x-ratelimit-remaining']];

forEachDialect(
  'rate limit per 5 minutes',
  (t) => {
    test('requests within the limit pass with X-RateLimit-*, RateLimit-Policy and RateLimit headers', async (nt) => {
      freezeClock(nt);
      const c = await t().tenant();
      const seen = [];
      for (let i = 0; i < 3; i++) {
        const r = await c.get('/activities');
        assert.equal(r.status, 200);
        assert.equal(r.headers['ratelimit-policy'], '3;w=300, 100;w=3600');
        seen.push([...limitHeaders(r), r.headers.ratelimit]);
      }
      assert.deepEqual(seen, [
        ['3', '2', 'limit=3, remaining=2, reset=290'],
        ['3', '1', 'limit=3, remaining=1, reset=290'],
        ['3', '0', 'limit=3, remaining=0, reset=290'],
      ]);
    });

    test('beyond the limit: 429 JSON with Retry-After until the window ends; then requests pass again', async (nt) => {
      const advance = freezeClock(nt);
      const c = await t().tenant();
      for (let i = 0; i < 3; i++) assert.equal((await c.get('/activities')).status, 200);
      const refused = await c.get('/activities');
      assert.equal(refused.status, 429);
      assert.deepEqual(refused.body, { message: 'Too Many Attempts.' });
      assert.match(String(refused.headers['content-type']), /^application\/json/);
      assert.equal(refused.headers['retry-after'], '290');
      assert.deepEqual(limitHeaders(refused), ['3', '0']);
      assert.equal((await c.post('/activities', { name: 'x' })).status, 429, 'writes are counted alike');
      advance(289_000);
      assert.equal((await c.get('/activities')).status, 429, 'refused requests do not extend the block, but it lasts');
      advance(1_000);
      const again = await c.get('/activities');
      assert.equal(again.status, 200);
      assert.deepEqual(limitHeaders(again), ['3', '2']);
    });

    test('the count is per token: another token of the same tenant still passes', async (nt) => {
      freezeClock(nt);
      const c = await t().tenant();
      for (let i = 0; i < 4; i++) await c.get('/activities');
      assert.equal((await c.get('/activities')).status, 429);
      const { token } = await createToken(t().database.db, c.tenant.id);
      const other = await t().inject({
        method: 'GET',
        url: `/${c.tenant.instance}/next/api/v1/activities`,
        headers: { authorization: `Bearer ${token}` },
      });
      assert.equal(other.status, 200);
      assert.deepEqual(limitHeaders(other), ['3', '2']);
    });

    test('error responses of authenticated requests carry the headers too; unauthenticated requests are not counted', async (nt) => {
      freezeClock(nt);
      const c = await t().tenant();
      const missing = await c.get('/activities/nope');
      assert.equal(missing.status, 404);
      assert.deepEqual(limitHeaders(missing), ['3', '2']);
      const anonymous = await t().inject({ method: 'GET', url: `/${c.tenant.instance}/next/api/v1/activities` });
      assert.equal(anonymous.status, 401);
      assert.equal(anonymous.headers['x-ratelimit-limit'], undefined);
      assert.deepEqual(limitHeaders(await c.get('/activities')), ['3', '1']);
    });

    test('several processes share one count through Redis', async (nt) => {
      freezeClock(nt);
      const c = await t().tenant();
      const prefix = `zk:test:${crypto.randomBytes(6).toString('hex')}:`;
      const windows = [
        { limit: 3, seconds: 300 },
        { limit: 100, seconds: 3600 },
      ];
      const apps = await Promise.all(
        [1, 2].map(async () => {
          const app = await buildApp(t().config, {
            database: t().database,
            keepDatabase: true,
            logger: false,
            rateLimiter: new RedisRateLimiter(REDIS_URL, windows, prefix),
          });
          await app.ready();
          return app;
        }),
      );
      try {
        const statuses = [];
        for (let i = 0; i < 5; i++) {
          const r = await apps[i % 2].inject({
            method: 'GET',
            url: `/${c.tenant.instance}/next/api/v1/activities`,
            headers: { authorization: `Bearer ${c.token}` },
          });
          statuses.push([r.statusCode, r.headers['x-ratelimit-remaining']]);
        }
        assert.deepEqual(
          statuses,
          [
            [200, '2'],
            [200, '1'],
            [200, '0'],
            [429, '0'],
            [429, '0'],
          ],
          `Redis at ${REDIS_URL} is needed for this test`,
        );
      } finally {
        await Promise.all(apps.map((a) => a.close()));
      }
    });
  },
  { rateLimit: { perFiveMinutes: 3, perHour: 100 } },
);

forEachDialect(
  'rate limit per hour',
  (t) => {
    test('the hourly window is enforced on its own and outlasts the 5-minute window', async (nt) => {
      const advance = freezeClock(nt);
      const c: Client = await t().tenant();
      const seen = [];
      for (let i = 0; i < 3; i++) seen.push(limitHeaders(await c.get('/activities')));
      assert.deepEqual(seen, [
        ['3', '2'],
        ['3', '1'],
        ['3', '0'],
      ]);
      const refused = await c.get('/activities');
      assert.equal(refused.status, 429);
      assert.equal(refused.headers['retry-after'], '3590');
      assert.equal(refused.headers['ratelimit-policy'], '100;w=300, 3;w=3600');
      advance(300_000);
      assert.equal((await c.get('/activities')).status, 429);
      advance(3_290_000);
      assert.equal((await c.get('/activities')).status, 200);
    });
  },
  { rateLimit: { perFiveMinutes: 100, perHour: 3 } },
);

test('MemoryRateLimiter: fixed windows per key, every window must have room, refusals are not counted', async (nt) => {
  const advance = freezeClock(nt);
  const limiter = new MemoryRateLimiter([
    { limit: 2, seconds: 60 },
    { limit: 3, seconds: 3600 },
  ]);
  const remaining = async (key: string) => {
    const d = await limiter.hit(key);
    return [d.allowed, ...d.windows.map((w) => w.remaining)];
  };
  assert.deepEqual(await remaining('a'), [true, 1, 2]);
  assert.deepEqual(await remaining('a'), [true, 0, 1]);
  assert.deepEqual(await remaining('a'), [false, 0, 1]);
  assert.deepEqual(await remaining('b'), [true, 1, 2]);
  const d = await limiter.hit('a');
  assert.deepEqual(
    d.windows.map((w) => w.reset),
    [50, 3590],
  );
  advance(50_000);
  assert.deepEqual(await remaining('a'), [true, 1, 0], 'the minute window reset; the hour has one request left');
  assert.deepEqual(await remaining('a'), [false, 1, 0], 'now the hour window refuses');
  await limiter.close();
});

test('createRateLimiter: memory without REDIS_URL, Redis with it', async () => {
  const base = { rateLimit: { perFiveMinutes: 1000, perHour: 12000 } } as any;
  const memory = createRateLimiter({ ...base, redisUrl: null });
  assert.ok(memory instanceof MemoryRateLimiter);
  assert.deepEqual((memory as MemoryRateLimiter).windows, [
    { limit: 1000, seconds: 300 },
    { limit: 12000, seconds: 3600 },
  ]);
  const redis = createRateLimiter({ ...base, redisUrl: REDIS_URL });
  assert.ok(redis instanceof RedisRateLimiter);
  await redis.close();
});
