// Operations: /healthz, /readyz (database reachable), /metrics (Prometheus, by route and status),
// X-Request-Id echoed or generated, JSON logs carrying the request id.
import assert from 'node:assert/strict';
import { Writable } from 'node:stream';
import { test } from 'node:test';
import { buildApp } from '../../src/app.js';
import { openDatabase } from '../../src/db/connection.js';
import { INTERNAL_REQUEST } from '../../src/plugins/logging.js';
import { forEachDialect, type TestContext } from '../support/app.js';

const SCRAPE = 'scrape-secret-1';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** A second app on the same database, with its own logger and database handle. */
async function secondApp(t: () => TestContext, logger: false | { level: string; stream: Writable } = false) {
  const database = openDatabase(t().config.database, { poolSize: 1 });
  const app = await buildApp(t().config, { database, keepDatabase: true, logger });
  app.get('/test/throws', async () => {
    throw new Error('detail for the log only');
  });
  await app.ready();
  return { app, database };
}

function counter(metrics: string, labels: string): number {
  const line = metrics.split('\n').find((l) => l.startsWith(`zeitkonto_http_requests_total{${labels}}`));
  return line ? Number(line.split(' ').at(-1)) : 0;
}

forEachDialect('operations', (t) => {
  test('GET /healthz answers 200 without authentication', async () => {
    const r = await t().inject({ method: 'GET', url: '/healthz' });
    assert.equal(r.status, 200);
    assert.deepEqual(r.body, { status: 'ok' });
  });

  test('GET /readyz answers 200 when the database is reachable, 503 when it is not', async () => {
    const ok = await t().inject({ method: 'GET', url: '/readyz' });
    assert.equal(ok.status, 200);
    assert.deepEqual(ok.body, { status: 'ok', database: t().dialect });
    const { app, database } = await secondApp(t);
    try {
      assert.equal((await app.inject({ method: 'GET', url: '/readyz' })).statusCode, 200);
      await database.close();
      const down = await app.inject({ method: 'GET', url: '/readyz' });
      assert.equal(down.statusCode, 503, down.body);
      assert.deepEqual(JSON.parse(down.body), { status: 'unavailable', database: t().dialect });
    } finally {
      await app.close();
    }
  });

  test('GET /metrics counts requests by route template, method and status', async () => {
    const c = await t().tenant();
    const labels = 'route="/:instance/next/api/v1/departments",method="GET",status="200"';
    const before = counter((await t().inject({ method: 'GET', url: '/metrics' })).text, labels);
    await c.get('/departments');
    await c.get('/departments?limit=1');
    await c.get('/no-such-route-xyz');
    const m = await t().inject({ method: 'GET', url: '/metrics' });
    assert.equal(m.status, 200);
    assert.match(String(m.headers['content-type']), /^text\/plain/);
    assert.equal(counter(m.text, labels) - before, 2);
    assert.match(
      m.text,
      /zeitkonto_http_request_duration_seconds_bucket\{le="[^"]+",route="\/:instance\/next\/api\/v1\/departments",method="GET",status="200"\}/,
    );
    assert.match(m.text, /zeitkonto_http_requests_total\{[^}]*status="404"\}/);
    assert.doesNotMatch(m.text, /no-such-route-xyz|t[0-9a-f]{10}\//, 'raw paths or instances leak into labels');
  });

  test('X-Request-Id echoes the incoming x-request-id and is generated otherwise, also on errors', async () => {
    const c = await t().tenant();
    assert.equal(
      (await c.get('/departments', { headers: { 'x-request-id': 'client-abc-123' } })).headers['x-request-id'],
      'client-abc-123',
    );
    const a = (await c.get('/departments')).headers['x-request-id'];
    const b = (await t().inject({ method: 'GET', url: '/nowhere' })).headers['x-request-id'];
    assert.match(String(a), UUID);
    assert.match(String(b), UUID);
    assert.notEqual(a, b);
    assert.equal(
      (await t().inject({ method: 'GET', url: '/x/next/api/v1/departments', headers: { 'x-request-id': 'e-1' } }))
        .headers['x-request-id'],
      'e-1',
    );
  });

  test('logs are JSON lines carrying the request id, one per request; a 500 logs the error, not the response', async () => {
    const lines: any[] = [];
    const stream = new Writable({
      write(chunk, _enc, done) {
        for (const l of String(chunk).split('\n').filter(Boolean)) lines.push(JSON.parse(l));
        done();
      },
    });
    const { app, database } = await secondApp(t, { level: 'info', stream });
    try {
      await app.inject({ method: 'GET', url: '/healthz', headers: { 'x-request-id': 'log-test-1' } });
      const mine = lines.filter((l) => l.reqId === 'log-test-1');
      assert.equal(mine.length, 1, JSON.stringify(lines)); // one line per request
      assert.deepEqual(
        [mine[0].req?.method, mine[0].req?.url, mine[0].res?.statusCode, typeof mine[0].responseTime],
        ['GET', '/healthz', 200, 'number'],
      );
      const r = await app.inject({ method: 'GET', url: '/test/throws', headers: { 'x-request-id': 'log-test-2' } });
      assert.equal(JSON.parse(r.body).message, 'Server Error.');
      const logged = lines.find((l) => l.reqId === 'log-test-2' && l.level >= 50);
      assert.equal(logged?.err?.message, 'detail for the log only');
      assert.match(logged.err.stack, /ops\.test\.ts/);
    } finally {
      await app.close();
      await database.close();
    }
  });
});

forEachDialect('/metrics', (t) => {
  test('has the process’s own figures and does not count the app’s internal requests', async () => {
    const m = await t().inject({ method: 'GET', url: '/metrics' });
    assert.equal(m.status, 200);
    assert.match(m.text, /^process_cpu_user_seconds_total /m);
    assert.match(m.text, /^nodejs_eventloop_lag_seconds /m);
    const c = await t().tenant();
    const labels = 'route="/:instance/next/api/v1/departments",method="GET",status="200"';
    const before = counter(m.text, labels);
    await c.get('/departments', { headers: { [INTERNAL_REQUEST.header]: INTERNAL_REQUEST.value } });
    await c.get('/departments', { headers: { [INTERNAL_REQUEST.header]: 'a guess' } });
    const after = counter((await t().inject({ method: 'GET', url: '/metrics' })).text, labels);
    assert.equal(after - before, 1, 'only the outside request is counted');
  });
});

forEachDialect(
  '/metrics with METRICS_TOKEN',
  (t) => {
    test('a scrape without the token is 401, with it 200', async () => {
      const none = await t().inject({ method: 'GET', url: '/metrics' });
      assert.equal(none.status, 401);
      assert.equal(none.headers['www-authenticate'], 'Bearer');
      const wrong = await t().inject({ method: 'GET', url: '/metrics', headers: { authorization: 'Bearer nope' } });
      assert.equal(wrong.status, 401);
      const ok = await t().inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${SCRAPE}` } });
      assert.equal(ok.status, 200);
      assert.match(ok.text, /zeitkonto_http_requests_total/);
    });
  },
  { metricsToken: SCRAPE },
);
