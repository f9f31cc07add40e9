// Redis outages: the limiter fails fast while Redis is unreachable or hanging (a circuit breaker, no
// per-request wait), /readyz says "degraded" and /metrics zeitkonto_rate_limiter_up 0, and the change of state
// is logged once, not per request.
import assert from 'node:assert/strict';
import net from 'node:net';
import { test } from 'node:test';
import { buildApp } from '../../src/app.js';
import { RedisRateLimiter } from '../../src/plugins/rate-limit.js';
import type { ZkApp } from '../../src/types.js';
import { forEachDialect, type TestContext } from '../support/app.js';

const WINDOWS = [{ limit: 100, seconds: 300 }];

/** A server that speaks just enough RESP to pass ioredis's ready check, then never answers a command. */
async function hangingRedis() {
  const commands: string[] = [];
  const sockets = new Set<net.Socket>();
  const server = net.createServer((socket) => {
    sockets.add(socket);
    socket.on('data', (chunk) => {
      for (const [, name] of chunk.toString().matchAll(/\*\d+\r\n\$\d+\r\n([^\r]+)\r\n/g)) {
        const command = name.toLowerCase();
        commands.push(command);
        if (command === 'info') socket.write('$9\r\nloading:0\r\n');
        else if (command !== 'evalsha' && command !== 'eval') socket.write('+OK\r\n');
      }
    });
    socket.on('error', () => {});
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const port = (server.address() as net.AddressInfo).port;
  return {
    url: `redis://127.0.0.1:${port}`,
    commands,
    close: () =>
      new Promise<void>((r) => {
        for (const s of sockets) s.destroy();
        server.close(() => r());
      }),
  };
}

async function appWith(t: TestContext, limiter: RedisRateLimiter, lines: string[]): Promise<ZkApp> {
  const app = await buildApp(t.config, {
    database: t.database,
    keepDatabase: true,
    rateLimiter: limiter,
    logger: { level: 'info', stream: { write: (line: string) => void lines.push(line) } },
  });
  await app.ready();
  return app;
}

const logged = (lines: string[], text: string) => lines.filter((l) => l.includes(text)).length;

forEachDialect('rate limits while Redis is out', (t) => {
  test('Redis unreachable: requests pass at once without limit headers, /readyz is degraded, /metrics shows 0, one log line', async () => {
    const lines: string[] = [];
    const app = await appWith(
      t(),
      new RedisRateLimiter('redis://127.0.0.1:1', WINDOWS, 'zk:outage:', { retryStrategy: () => 60_000 }),
      lines,
    );
    try {
      const c = await t().tenant();
      for (let i = 0; i < 5; i++) {
        const r = await app.inject({
          method: 'GET',
          url: `/${c.tenant.instance}/next/api/v1/activities`,
          headers: { authorization: `Bearer ${c.token}` },
        });
        assert.equal(r.statusCode, 200);
        assert.equal(r.headers['x-ratelimit-limit'], undefined);
      }
      const ready = await app.inject({ method: 'GET', url: '/readyz' });
      assert.equal(ready.statusCode, 200);
      assert.deepEqual(JSON.parse(ready.body), {
        status: 'degraded',
        database: t().dialect,
        rate_limiter: 'unavailable',
      });
      assert.match((await app.inject({ method: 'GET', url: '/metrics' })).body, /^zeitkonto_rate_limiter_up 0$/m);
      assert.equal(logged(lines, 'rate limiter unavailable'), 1, lines.join(''));
    } finally {
      await app.close();
    }
  });

  test('Redis hanging: one request waits for the command timeout, then the breaker is open and no request sends a command', async () => {
    const redis = await hangingRedis();
    const lines: string[] = [];
    const app = await appWith(
      t(),
      new RedisRateLimiter(redis.url, WINDOWS, 'zk:outage:', { commandTimeout: 200 }),
      lines,
    );
    try {
      const c = await t().tenant();
      assert.match((await app.inject({ method: 'GET', url: '/metrics' })).body, /^zeitkonto_rate_limiter_up 1$/m);
      const request = () =>
        app.inject({
          method: 'GET',
          url: `/${c.tenant.instance}/next/api/v1/activities`,
          headers: { authorization: `Bearer ${c.token}` },
        });
      assert.equal((await request()).statusCode, 200);
      const sent = redis.commands.filter((cmd) => cmd.startsWith('eval')).length;
      assert.ok(sent >= 1, redis.commands.join(','));
      for (let i = 0; i < 10; i++) assert.equal((await request()).statusCode, 200);
      assert.equal(
        redis.commands.filter((cmd) => cmd.startsWith('eval')).length,
        sent,
        'the open breaker sends nothing to Redis',
      );
      assert.equal(JSON.parse((await app.inject({ method: 'GET', url: '/readyz' })).body).status, 'degraded');
      assert.equal(logged(lines, 'rate limiter unavailable'), 1, lines.join(''));
    } finally {
      await app.close();
      await redis.close();
    }
  });

  test('Redis reachable: /readyz is ok and /metrics shows 1', async () => {
    const lines: string[] = [];
    const app = await appWith(
      t(),
      new RedisRateLimiter(process.env.ZK_TEST_REDIS_URL ?? 'redis://127.0.0.1:6379', WINDOWS, 'zk:outage:'),
      lines,
    );
    try {
      assert.equal(JSON.parse((await app.inject({ method: 'GET', url: '/readyz' })).body).status, 'ok');
      assert.match((await app.inject({ method: 'GET', url: '/metrics' })).body, /^zeitkonto_rate_limiter_up 1$/m);
    } finally {
      await app.close();
    }
  });
});
