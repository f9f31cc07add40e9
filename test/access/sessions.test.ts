// Sign-in sessions (docs/api/permissions.md "Sessions"): a session acts with its employee's rights like a personal
// token; its cookie's flags; CSRF on cookie writes; back-off; no user enumeration; idle and absolute expiry; sign out;
// listing and ending sessions; a password change ends the other sessions; the back-off shared through Redis.
import assert from 'node:assert/strict';
import crypto from 'node:crypto';
import { test } from 'node:test';
import { forEachDialect, type Client } from '../support/app.js';
import { createEmployee, userPath } from '../support/people.js';
import { forTenant } from '../../src/db/tenant-scope.js';
import { nowTimestamp } from '../../src/values/formats.js';
import { RedisSignInThrottle, SIGN_IN_BACK_OFF } from '../../src/modules/sessions/sign-in-throttle.js';

const REDIS_URL = process.env.ZK_TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

const PASSWORD = 'correct horse battery';

/** A client address of its own per test: the back-off per address does not reach across tests. */
const anAddress = () => `10.${crypto.randomInt(256)}.${crypto.randomInt(256)}.${crypto.randomInt(1, 255)}`;

forEachDialect('sign-in sessions', (t) => {
  const signIn = (instance: string, username: string, password: string, opts: Record<string, unknown> = {}) =>
    t().inject({
      method: 'POST',
      url: `/${instance}/next/api/v1/sessions`,
      payload: { username, password },
      remoteAddress: anAddress(),
      ...opts,
    } as any);

  /** A person with this role and a password, signed in: requests with the cookie (and the CSRF header on writes). */
  async function browser(c: Client, rights = 0) {
    const e = await createEmployee(c, { rights, password: PASSWORD });
    return { ...(await session(c, e.username)), username: e.username as string };
  }

  async function session(c: Client, username: string, password = PASSWORD) {
    const r = await signIn(c.tenant.instance, username, password);
    assert.equal(r.status, 201, r.text);
    const cookie = String(r.headers['set-cookie']).split(';')[0];
    const csrf = r.body.data.csrf_token as string;
    const send = (method: string, path: string, body?: unknown, headers: Record<string, string> = {}) =>
      t().inject({
        method: method as any,
        url: `/${c.tenant.instance}/next/api/v1${path}`,
        headers: { cookie, accept: 'application/json', ...headers },
        ...(body !== undefined ? { payload: body as any } : {}),
      });
    /** A write from the web app: with the CSRF header. */
    const write = (method: string, path: string, body?: unknown) => send(method, path, body, { 'x-csrf-token': csrf });
    return { signedIn: r, cookie, csrf, send, write, id: r.body.data.id as number };
  }

  const db = (c: Client) => forTenant(t().database.db, c.tenant.id);

  test('signing in answers 201 with the session and sets an HttpOnly, SameSite=Strict cookie for the API prefix', async () => {
    const c = await t().tenant();
    const { signedIn: r, username } = await browser(c);
    assert.equal(r.body.data.employee_id, username);
    assert.equal(r.body.data.current, true);
    assert.equal(r.body.data.role, 'user');
    for (const field of ['id', 'created', 'last_seen', 'expires_at', 'idle_expires_at', 'csrf_token'])
      assert.ok(r.body.data[field], field);
    const cookie = String(r.headers['set-cookie']);
    assert.match(cookie, /^zk_session=zks_[\w-]{43}; /);
    assert.match(cookie, /; HttpOnly/);
    assert.match(cookie, /; SameSite=Strict/);
    assert.match(cookie, new RegExp(`; Path=/${c.tenant.instance}/next/api/v1`));
    assert.doesNotMatch(cookie, /Secure/, 'plain HTTP: no Secure flag');
    // Only the hash of the secret is stored.
    const rows = await db(c).selectFrom('sessions').selectAll().execute();
    assert.equal(rows.length, 1);
    assert.notEqual(rows[0].secret_hash, cookie.split(';')[0].split('=')[1]);
    assert.equal(rows[0].secret_hash.length, 64);
  });

  test('the cookie is Secure over TLS (X-Forwarded-Proto behind a trusted proxy)', async () => {
    const c = await t().tenant();
    const e = await createEmployee(c, { password: PASSWORD });
    const plain = await signIn(c.tenant.instance, e.username, PASSWORD, {
      headers: { 'x-forwarded-proto': 'https' },
    });
    assert.equal(plain.status, 201, plain.text);
    // TRUST_PROXY is off in the tests: a forwarded header is not believed.
    assert.doesNotMatch(String(plain.headers['set-cookie']), /Secure/);
    const { buildTestApp } = await import('../support/app.js');
    const behindProxy = await buildTestApp(t().dialect, { trustProxy: true });
    try {
      const tenant = await behindProxy.tenant();
      const u = await createEmployee(tenant, { password: PASSWORD });
      const r = await behindProxy.inject({
        method: 'POST',
        url: `/${tenant.tenant.instance}/next/api/v1/sessions`,
        payload: { username: u.username, password: PASSWORD },
        headers: { 'x-forwarded-proto': 'https' },
      });
      assert.equal(r.status, 201, r.text);
      assert.match(String(r.headers['set-cookie']), /; Secure/);
    } finally {
      await behindProxy.close();
    }
  });

  test('a session acts with its employee’s rights: 403 naming the permission, 404 for another’s record', async () => {
    const c = await t().tenant();
    const me = await browser(c, 0);
    const other = await createEmployee(c, {});
    assert.equal((await me.send('GET', '/departments')).status, 200);
    const customers = await me.send('GET', '/customers');
    assert.equal(customers.status, 403, customers.text);
    assert.equal(customers.body.required, 'customers:read');
    assert.equal((await me.send('GET', userPath(me.username))).status, 200);
    assert.equal((await me.send('GET', userPath(other.username))).status, 404);
    const w = await me.write('POST', '/activities', { name: 'nope' });
    assert.equal(w.status, 403, w.text);
    assert.equal(w.body.required, 'activities:write');
    // A change of rights applies to the next request.
    assert.equal((await c.patch(userPath(me.username), { rights: 1 })).status, 200);
    assert.equal((await me.send('GET', '/customers')).status, 200);
  });

  test('a write by cookie without the CSRF header is refused 403; with it, it is done', async () => {
    const c = await t().tenant();
    const admin = await browser(c, 1);
    const refused = await admin.send('POST', '/activities', { name: 'cross-site' });
    assert.equal(refused.status, 403, refused.text);
    assert.equal(refused.body.message, 'CSRF token mismatch.');
    const wrong = await admin.send('POST', '/activities', { name: 'cross-site' }, { 'x-csrf-token': 'x'.repeat(43) });
    assert.equal(wrong.status, 403);
    assert.equal((await c.get('/activities/cross-site')).status, 404, 'nothing was written');
    const done = await admin.write('POST', '/activities', { name: 'same-site' });
    assert.equal(done.status, 201, done.text);
    // Reads need no CSRF header; bearer tokens need none for writes.
    assert.equal((await admin.send('GET', '/activities')).status, 200);
    assert.equal((await c.post('/activities', { name: 'by-token' })).status, 201);
  });

  test('an Idempotency-Key of a session replays, apart from a token’s same key', async () => {
    const c = await t().tenant();
    const admin = await browser(c, 1);
    const headers = { 'x-csrf-token': admin.csrf, 'idempotency-key': 'k-1' };
    const first = await admin.send('POST', '/activities', { name: 'once' }, headers);
    assert.equal(first.status, 201, first.text);
    const again = await admin.send('POST', '/activities', { name: 'once' }, headers);
    assert.equal(again.status, 201);
    assert.equal(again.headers['idempotent-replayed'], 'true');
    const token = await c.post('/activities', { name: 'twice' }, { headers: { 'idempotency-key': 'k-1' } });
    assert.equal(token.status, 201, token.text);
    assert.equal(token.headers['idempotent-replayed'], undefined);
    assert.ok(first.headers['ratelimit'], 'a session is rate-limited');
  });

  test('no user enumeration: unknown person, wrong password and unknown tenant answer alike', async () => {
    const c = await t().tenant();
    const e = await createEmployee(c, { password: PASSWORD });
    const wrong = await signIn(c.tenant.instance, e.username, 'not the password');
    const unknown = await signIn(c.tenant.instance, 'nobody.here', PASSWORD);
    const noTenant = await signIn('tnosuchtenant', e.username, PASSWORD);
    const noPassword = await signIn(c.tenant.instance, (await createEmployee(c, {})).username, PASSWORD);
    for (const r of [wrong, unknown, noTenant, noPassword]) {
      assert.equal(r.status, 401, r.text);
      assert.deepEqual(r.body, { message: 'These credentials do not match our records.' });
      assert.equal(r.headers['set-cookie'], undefined);
    }
  });

  test('back-off: after 5 failures 429 with Retry-After, and the right password is refused during the lock', async () => {
    const c = await t().tenant();
    const e = await createEmployee(c, { password: PASSWORD });
    for (let i = 0; i < 5; i++) assert.equal((await signIn(c.tenant.instance, e.username, `wrong ${i}`)).status, 401);
    const locked = await signIn(c.tenant.instance, e.username, PASSWORD);
    assert.equal(locked.status, 429, locked.text);
    assert.ok(Number(locked.headers['retry-after']) >= 1, String(locked.headers['retry-after']));
    // An unknown account locks alike (nothing tells it from a known one).
    for (let i = 0; i < 5; i++) await signIn(c.tenant.instance, 'nobody.at.all', `wrong ${i}`);
    assert.equal((await signIn(c.tenant.instance, 'nobody.at.all', PASSWORD)).status, 429);
  });

  test('back-off per address: many accounts from one address are locked out together', async () => {
    const c = await t().tenant();
    const remoteAddress = anAddress();
    for (let i = 0; i < 20; i++)
      assert.equal((await signIn(c.tenant.instance, `guess.${i}`, 'x', { remoteAddress })).status, 401);
    const e = await createEmployee(c, { password: PASSWORD });
    const r = await signIn(c.tenant.instance, e.username, PASSWORD, { remoteAddress });
    assert.equal(r.status, 429, r.text);
    assert.equal((await signIn(c.tenant.instance, e.username, PASSWORD)).status, 201, 'another address may');
  });

  test('idle and absolute expiry end a session (401)', async () => {
    const c = await t().tenant();
    const idle = await browser(c, 0);
    const old = nowTimestamp(new Date(Date.now() - 9 * 3600_000));
    await db(c).updateTable('sessions').set({ last_seen: old }).where('id', '=', idle.id).execute();
    const r = await idle.send('GET', '/departments');
    assert.equal(r.status, 401, r.text);
    assert.deepEqual(r.body, { message: 'Unauthenticated.' });

    const absolute = await session(c, idle.username);
    assert.equal((await absolute.send('GET', '/departments')).status, 200);
    await db(c)
      .updateTable('sessions')
      .set({ expires_at: nowTimestamp(new Date(Date.now() - 1000)) })
      .where('id', '=', absolute.id)
      .execute();
    assert.equal((await absolute.send('GET', '/departments')).status, 401);

    // A request within the idle time keeps the session (last_seen moves on, at most once a minute).
    const active = await session(c, idle.username);
    const earlier = nowTimestamp(new Date(Date.now() - 7 * 3600_000));
    await db(c).updateTable('sessions').set({ last_seen: earlier }).where('id', '=', active.id).execute();
    assert.equal((await active.send('GET', '/departments')).status, 200);
    const row = await db(c).selectFrom('sessions').select('last_seen').where('id', '=', active.id).executeTakeFirst();
    assert.ok(row!.last_seen > earlier);
  });

  test('the session answer names the role, as it is now: a change of rights shows at the next request', async () => {
    const c = await t().tenant();
    const me = await browser(c, 2);
    assert.equal(me.signedIn.body.data.role, 'controller');
    assert.equal((await me.send('GET', '/sessions/current')).body.data.role, 'controller');
    assert.equal((await c.patch(`/employees/${encodeURIComponent(me.username)}`, { rights: 3 })).status, 200);
    assert.equal((await me.send('GET', '/sessions/current')).body.data.role, 'extended');
  });

  test('signing out ends the session and clears the cookie', async () => {
    const c = await t().tenant();
    const me = await browser(c, 0);
    const out = await me.write('DELETE', '/sessions/current');
    assert.equal(out.status, 204, out.text);
    assert.match(String(out.headers['set-cookie']), /^zk_session=; Path=\/.*; Max-Age=0; HttpOnly/);
    assert.equal((await me.send('GET', '/departments')).status, 401);
  });

  test('people list and end their own sessions; administrators everyone’s', async () => {
    const c = await t().tenant();
    const me = await browser(c, 0);
    const second = await session(c, me.username);
    const other = await browser(c, 0);
    const list = await me.send('GET', '/sessions');
    assert.equal(list.status, 200, list.text);
    assert.deepEqual(
      list.body.data.map((s: any) => [s.id, s.current]),
      [
        [me.id, true],
        [second.id, false],
      ],
    );
    assert.equal(list.body.data[0].csrf_token, undefined);
    assert.equal((await me.send('GET', '/sessions/current')).body.data.csrf_token, me.csrf);
    assert.equal((await me.write('DELETE', `/sessions/${other.id}`)).status, 404, 'another’s session');
    assert.equal((await me.write('DELETE', `/sessions/${second.id}`)).status, 204);
    assert.equal((await second.send('GET', '/departments')).status, 401);
    assert.equal((await other.send('GET', '/departments')).status, 200);
    const admin = await browser(c, 1);
    const all = await admin.send('GET', '/sessions');
    assert.deepEqual(all.body.data.map((s: any) => s.id).sort(), [me.id, other.id, admin.id].sort());
    assert.equal((await admin.write('DELETE', `/sessions/${other.id}`)).status, 204);
    assert.equal((await other.send('GET', '/departments')).status, 401);
    // A service token sees them all too.
    assert.equal((await c.get('/sessions')).body.data.length, 2);
  });

  test('changing one’s password ends the other sessions; a wrong current password is 422', async () => {
    const c = await t().tenant();
    const me = await browser(c, 0);
    const elsewhere = await session(c, me.username);
    const wrong = await me.write('POST', '/sessions/password', {
      current_password: 'nope',
      new_password: 'n3w passw0rd',
    });
    assert.equal(wrong.status, 422, wrong.text);
    assert.ok(wrong.body.errors.current_password);
    const r = await me.write('POST', '/sessions/password', {
      current_password: PASSWORD,
      new_password: 'n3w passw0rd',
    });
    assert.equal(r.status, 204, r.text);
    assert.equal((await me.send('GET', '/departments')).status, 200, 'this session stays');
    assert.equal((await elsewhere.send('GET', '/departments')).status, 401, 'the other one ended');
    assert.equal((await signIn(c.tenant.instance, me.username, PASSWORD)).status, 401);
    assert.equal((await signIn(c.tenant.instance, me.username, 'n3w passw0rd')).status, 201);
  });

  test('an administrator’s password reset (PATCH /employees) ends all the employee’s sessions', async () => {
    const c = await t().tenant();
    const me = await browser(c, 0);
    assert.equal((await c.patch(userPath(me.username), { password: 'reset by admin' })).status, 200);
    assert.equal((await me.send('GET', '/departments')).status, 401);
    assert.equal((await signIn(c.tenant.instance, me.username, 'reset by admin')).status, 201);
  });

  test('a hash made with other scrypt parameters is replaced at sign-in', async () => {
    const c = await t().tenant();
    const e = await createEmployee(c, {});
    const salt = crypto.randomBytes(16);
    const key = crypto.scryptSync(PASSWORD, salt, 64, { N: 1024, r: 8, p: 1 });
    const weak = ['scrypt', 1024, 8, 1, salt.toString('base64'), key.toString('base64')].join('$');
    await db(c).updateTable('employees').set({ password_hash: weak }).where('username', '=', e.username).execute();
    assert.equal((await signIn(c.tenant.instance, e.username, PASSWORD)).status, 201);
    const row = await db(c)
      .selectFrom('employees')
      .select('password_hash')
      .where('username', '=', e.username)
      .executeTakeFirst();
    assert.match(row!.password_hash!, /^scrypt\$16384\$8\$1\$/);
    assert.equal((await signIn(c.tenant.instance, e.username, PASSWORD)).status, 201);
  });
});

test('with Redis the back-off is shared by the processes of a deployment', async () => {
  const prefix = `zk:signin-test:${crypto.randomBytes(4).toString('hex')}:`;
  const [a, b] = [new RedisSignInThrottle(REDIS_URL, prefix), new RedisSignInThrottle(REDIS_URL, prefix)];
  try {
    await Promise.all([a.ready(2000), b.ready(2000)]);
    const account = [['a:acme:erika', SIGN_IN_BACK_OFF.account]] as const;
    for (let i = 0; i < 4; i++) await a.fail(account);
    assert.equal(await b.retryAfter(['a:acme:erika']), 0, 'four failures: no lock yet');
    await a.fail(account);
    const first = await b.retryAfter(['a:acme:erika', 'ip:10.0.0.1']);
    assert.ok(first > 25 && first <= 30, String(first));
    await b.fail(account);
    const second = await a.retryAfter(['a:acme:erika']);
    assert.ok(second > 55 && second <= 60, `the lock doubles: ${second}`);
    await b.succeed('a:acme:erika');
    assert.equal(await a.retryAfter(['a:acme:erika']), 0);
  } finally {
    await Promise.all([a.close(), b.close()]);
  }
});

forEachDialect(
  'sign-in back-off in Redis',
  (t) => {
    test('after 5 failures the right password is refused 429 with Retry-After', async () => {
      const c = await t().tenant();
      const e = await createEmployee(c, { password: PASSWORD });
      const signIn = (password: string) =>
        t().inject({
          method: 'POST',
          url: `/${c.tenant.instance}/next/api/v1/sessions`,
          payload: { username: e.username, password },
          remoteAddress: anAddress(),
        });
      for (let i = 0; i < 5; i++) assert.equal((await signIn('wrong')).status, 401);
      const r = await signIn(PASSWORD);
      assert.equal(r.status, 429, r.text);
      assert.ok(Number(r.headers['retry-after']) > 25, String(r.headers['retry-after']));
    });
  },
  { redisUrl: REDIS_URL },
);
