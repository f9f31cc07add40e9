// One log line per request, static /docs assets only at debug, JSON or readable lines.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { buildApp } from '../../src/app.js';
import { ConfigError, loadConfig } from '../../src/config.js';
import { openDatabase } from '../../src/db/connection.js';
import { migrate } from '../../src/db/migrate.js';
import { loggerOptions } from '../../src/plugins/logging.js';
import { createTenant } from '../../src/tenancy/tenants.js';
import { createToken } from '../../src/tenancy/tokens.js';

async function loggedApp(env: Record<string, string>) {
  const config = loadConfig({ DATABASE_URL: 'file::memory:', ...env });
  const database = openDatabase(config.database);
  await migrate(database.db, database.dialect);
  const lines: string[] = [];
  const out = {
    write: (chunk: string) => lines.push(...chunk.split('\n').filter(Boolean)),
  } as unknown as NodeJS.WritableStream;
  const app = await buildApp(config, { database, logger: loggerOptions(config, out) });
  await app.ready();
  return { app, lines };
}

test('JSON format: one line per request with method, URL, status, time and request id; /docs static files are not logged at info', async () => {
  const { app, lines } = await loggedApp({ LOG_FORMAT: 'json', LOG_LEVEL: 'info' });
  try {
    const r = await app.inject({ method: 'GET', url: '/healthz', headers: { 'x-request-id': 'req-one' } });
    assert.equal(r.statusCode, 200);
    const entries = lines.map((l) => JSON.parse(l));
    assert.equal(entries.length, 1, lines.join('\n'));
    assert.equal(entries[0].reqId, 'req-one');
    assert.match(entries[0].msg, /^GET \/healthz 200 \d+\.\d ms$/);
    assert.deepEqual([entries[0].req.method, entries[0].req.url, entries[0].res.statusCode], ['GET', '/healthz', 200]);
    lines.length = 0;
    const asset = await app.inject({ method: 'GET', url: '/docs/static/swagger-ui.css' });
    assert.equal(asset.statusCode, 200);
    assert.deepEqual(lines, []);
    await app.inject({ method: 'GET', url: '/nowhere' });
    assert.equal(lines.length, 1);
    assert.match(JSON.parse(lines[0]!).msg, /^GET \/nowhere 404 /);
  } finally {
    await app.close();
  }
});

test('pretty format: readable lines with time, level, message and request id', async () => {
  const { app, lines } = await loggedApp({ LOG_FORMAT: 'pretty', LOG_LEVEL: 'debug' });
  try {
    await app.inject({ method: 'GET', url: '/healthz', headers: { 'x-request-id': 'req-two' } });
    await app.inject({ method: 'GET', url: '/docs/static/swagger-ui.css' });
    const requests = lines.filter((l) => / (GET) /.test(l));
    assert.equal(requests.length, 2, lines.join('\n'));
    assert.match(requests[0]!, /^\d\d:\d\d:\d\d INFO  GET \/healthz 200 \d+\.\d ms reqId=req-two$/);
    assert.match(requests[1]!, /^\d\d:\d\d:\d\d DEBUG GET \/docs\/static\/swagger-ui\.css 200 /);
    assert.ok(
      lines.every((l) => !l.startsWith('{')),
      'no JSON lines',
    );
  } finally {
    await app.close();
  }
});

test('LOG_FORMAT accepts json and pretty only', () => {
  assert.throws(
    () => loadConfig({ LOG_FORMAT: 'fancy' }),
    (e) => e instanceof ConfigError && /LOG_FORMAT must be json or pretty/.test(e.message),
  );
  assert.equal(loadConfig({ LOG_FORMAT: 'json' }).logFormat, 'json');
});

test('without LOG_FORMAT: readable lines when stdout is a terminal, JSON lines otherwise', () => {
  const was = Object.getOwnPropertyDescriptor(process.stdout, 'isTTY');
  try {
    Object.defineProperty(process.stdout, 'isTTY', { value: true, configurable: true });
    assert.equal(loadConfig({}).logFormat, 'pretty');
    Object.defineProperty(process.stdout, 'isTTY', { value: false, configurable: true });
    assert.equal(loadConfig({}).logFormat, 'json');
    assert.equal(loadConfig({ LOG_FORMAT: 'json' }).logFormat, 'json');
  } finally {
    if (was) Object.defineProperty(process.stdout, 'isTTY', was);
    else delete (process.stdout as { isTTY?: boolean }).isTTY;
  }
});

test('a refused request is Unauthenticated. alike on the wire; its log line says why', async () => {
  const { app, lines } = await loggedApp({ LOG_FORMAT: 'json', LOG_LEVEL: 'info' });
  try {
    const tenant = await createTenant(app.zk.db, { instance: 'logged', name: 'Logged' });
    const { token } = await createToken(app.zk.db, tenant.id);
    const cases: [string, Record<string, string>, string | undefined][] = [
      ['/nobody/next/api/v1/activities', { authorization: `Bearer ${token}` }, 'unknown tenant'],
      ['/logged/next/api/v1/activities', {}, 'no credential'],
      ['/logged/next/api/v1/activities', { authorization: 'Basic eDp5' }, 'Authorization is not "Bearer <token>"'],
      [
        '/logged/next/api/v1/activities',
        { authorization: 'Bearer zk_not_a_token' },
        'unknown, revoked or expired token',
      ],
      ['/logged/next/api/v1/activities', { cookie: 'zk_session=gone' }, 'unknown or ended session'],
      ['/logged/next/api/v1/activities', { authorization: `Bearer ${token}` }, undefined],
    ];
    for (const [url, headers, why] of cases) {
      lines.length = 0;
      const r = await app.inject({ method: 'GET', url, headers });
      assert.equal(r.statusCode, why ? 401 : 200, `${url} ${JSON.stringify(headers)}`);
      if (why) assert.equal(JSON.parse(r.body).message, 'Unauthenticated.');
      const entry = JSON.parse(lines.find((l) => JSON.parse(l).msg.startsWith('GET '))!);
      assert.equal(entry.authFailure, why, JSON.stringify(headers));
    }
    lines.length = 0;
    const signIn = await app.inject({
      method: 'POST',
      url: '/logged/next/api/v1/sessions',
      payload: { username: 'nobody', password: 'whatever' },
    });
    assert.equal(signIn.statusCode, 401);
    assert.equal(JSON.parse(lines.find((l) => JSON.parse(l).msg.startsWith('POST '))!).authFailure, 'unknown username');
  } finally {
    await app.close();
  }
});
