// Single sign-on with OpenID Connect (docs/api/permissions.md "Single sign-on") against a local provider the test
// starts (test/support/oidc.ts): the whole authorisation code + PKCE flow through the API ends in the same session as
// signing in with a password; people are found by username or by e-mail; who is unknown or has left, a changed or
// missing state, a code from another sign-in, an ID token that fails a check (signature, audience, nonce, issuer,
// expiry) and a refusal at the provider end without a session; a tenant without single sign-on answers 404.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { forEachDialect, type Client } from '../support/app.js';
import { createEmployee, userPath } from '../support/people.js';
import { startLocalProvider, type LocalProvider } from '../support/oidc.js';
import { forTenant } from '../../src/db/tenant-scope.js';
import { setSsoProvider, type MatchBy } from '../../src/modules/sessions/sso.repository.js';

let provider: LocalProvider;
before(async () => {
  provider = await startLocalProvider();
});
after(async () => {
  await provider?.close();
});

/** The first cookie of this name a response sets: `name=value`. */
function setCookie(headers: Record<string, unknown>, name: string): string | undefined {
  const all = ([] as string[]).concat((headers['set-cookie'] as string | string[] | undefined) ?? []);
  return all.find((c) => c.startsWith(`${name}=`));
}

forEachDialect('single sign-on with OpenID Connect', (t) => {
  const api = (c: Client) => `/${c.tenant.instance}/next/api/v1`;
  /** The redirect URI the API names for a request to localhost (the inject default host). */
  const callbackUri = (c: Client) => `http://localhost${api(c)}/sessions/sso/callback`;

  /** A tenant whose single sign-on is a client registered at the local provider. */
  async function ssoTenant(match: MatchBy = 'username', claim?: string) {
    const c = await t().tenant();
    const { clientId, clientSecret } = await provider.register([callbackUri(c)]);
    await setSsoProvider(forTenant(t().database.db, c.tenant.id), {
      name: 'Local provider',
      issuer: provider.issuer,
      clientId,
      clientSecret,
      matchBy: match,
      claim: claim ?? (match === 'email' ? 'email' : 'preferred_username'),
    });
    return c;
  }

  /** The browser: starts at the API, signs in at the provider, and is sent back with the answer. */
  async function atProvider(c: Client, account: string, query = '') {
    const start = await t().inject({ method: 'GET', url: `${api(c)}/sessions/sso/start${query}` });
    assert.equal(start.status, 302, start.text);
    const state = setCookie(start.headers, 'zk_sso')!.split(';')[0];
    const back = await provider.signIn(String(start.headers.location), account);
    return { start, state, back };
  }

  /** The provider's redirect back, as the browser follows it, with the state cookie it holds. */
  const callback = (back: URL, cookie?: string) =>
    t().inject({
      method: 'GET',
      url: `${back.pathname}${back.search}`,
      headers: cookie ? { cookie } : {},
    });

  async function signIn(c: Client, account: string, query = '') {
    const { state, back } = await atProvider(c, account, query);
    assert.equal(`${back.origin}${back.pathname}`, callbackUri(c));
    return callback(back, state);
  }

  const asSession = (c: Client, sessionCookie: string, path: string) =>
    t().inject({ method: 'GET', url: `${api(c)}${path}`, headers: { cookie: sessionCookie } });

  test('the start redirects to the provider with state, nonce and PKCE S256 bound by a short-lived cookie', async () => {
    const c = await ssoTenant();
    const info = await t().inject({ method: 'GET', url: `${api(c)}/sessions/sso` });
    assert.equal(info.status, 200, info.text);
    assert.deepEqual(info.body.data, {
      name: 'Local provider',
      issuer: provider.issuer,
      start_url: `${api(c)}/sessions/sso/start`,
      redirect_uri: callbackUri(c),
    });
    const start = await t().inject({ method: 'GET', url: `${api(c)}/sessions/sso/start` });
    assert.equal(start.status, 302);
    const to = new URL(String(start.headers.location));
    assert.equal(`${to.origin}${to.pathname}`, `${provider.issuer}/auth`);
    assert.equal(to.searchParams.get('response_type'), 'code');
    assert.equal(to.searchParams.get('scope'), 'openid profile email');
    assert.equal(to.searchParams.get('redirect_uri'), callbackUri(c));
    assert.equal(to.searchParams.get('code_challenge_method'), 'S256');
    assert.match(to.searchParams.get('code_challenge')!, /^[\w-]{43}$/);
    assert.ok(to.searchParams.get('state') && to.searchParams.get('nonce'));
    const cookie = setCookie(start.headers, 'zk_sso')!;
    assert.match(cookie, new RegExp(`; Path=${api(c)}/sessions/sso; Max-Age=600; HttpOnly; SameSite=Lax$`));
    // Neither the verifier nor the nonce is readable from the URL: the verifier travels only in the cookie.
    assert.ok(
      !to.href.includes(JSON.parse(Buffer.from(cookie.split('=')[1].split('.')[0], 'base64url').toString()).verifier),
    );
  });

  test('a full sign-in by username ends in the session cookie of POST /sessions, which reads what the person may', async () => {
    const c = await ssoTenant('username');
    const me = await createEmployee(c, { rights: 0 });
    const other = await createEmployee(c, { rights: 0 });
    const account = provider.addAccount({ preferred_username: me.username, email: 'someone@example.org' });
    const r = await signIn(c, account, '?return_to=%2Fattendances%3Fday%3Dtoday');
    assert.equal(r.status, 303, r.text);
    assert.equal(r.headers.location, '/attendances?day=today');
    const session = setCookie(r.headers, 'zk_session')!;
    assert.match(session, /^zk_session=zks_[\w-]{43}; /);
    assert.match(session, new RegExp(`; Path=${api(c)}; Max-Age=\\d+; HttpOnly; SameSite=Strict$`));
    assert.match(setCookie(r.headers, 'zk_sso')!, /^zk_sso=; .*Max-Age=0/, 'the state cookie is cleared');
    const cookie = session.split(';')[0];
    const mine = await asSession(c, cookie, userPath(me.username));
    assert.equal(mine.status, 200, mine.text);
    assert.equal((await asSession(c, cookie, userPath(other.username))).status, 404);
    const current = await asSession(c, cookie, '/sessions/current');
    assert.equal(current.status, 200);
    assert.equal(current.body.data.employee_id, me.username);
    assert.ok(current.body.data.csrf_token);
  });

  test('mapping by e-mail (ignoring case) finds the employee; an unverified address does not', async () => {
    const c = await ssoTenant('email');
    const me = await createEmployee(c, { email: 'Erika.Muster@Example.org' });
    const verified = provider.addAccount({ email: 'erika.muster@example.org', email_verified: true });
    const r = await signIn(c, verified);
    assert.equal(r.status, 303, r.text);
    assert.equal(r.headers.location, '/');
    const cookie = setCookie(r.headers, 'zk_session')!.split(';')[0];
    assert.equal((await asSession(c, cookie, '/sessions/current')).body.data.employee_id, me.username);
    const unverified = provider.addAccount({ email: 'erika.muster@example.org', email_verified: false });
    const refused = await signIn(c, unverified);
    assert.equal(refused.headers.location, '/?sso_error=not_permitted');
    assert.equal(setCookie(refused.headers, 'zk_session'), undefined);
  });

  test('an unknown person and one who has left are refused without a session', async () => {
    const c = await ssoTenant('email');
    const left = await createEmployee(c, { email: 'left@example.org' });
    const ended = await c.post(`${userPath(left.username)}/employment-periods`, {
      start_date: '2020-01-01',
      end_date: '2021-12-31',
    });
    assert.equal(ended.status, 201, ended.text);
    for (const email of ['nobody@example.org', 'left@example.org']) {
      const r = await signIn(c, provider.addAccount({ email, email_verified: true }));
      assert.equal(r.status, 303, email);
      assert.equal(r.headers.location, '/?sso_error=not_permitted', email);
      assert.equal(setCookie(r.headers, 'zk_session'), undefined, email);
    }
    const rows = await forTenant(t().database.db, c.tenant.id).selectFrom('sessions').selectAll().execute();
    assert.equal(rows.length, 0);
  });

  test('a changed, missing or other browser’s state is refused; so is a code of another sign-in', async () => {
    const c = await ssoTenant();
    const me = await createEmployee(c);
    const account = provider.addAccount({ preferred_username: me.username });
    const { state, back } = await atProvider(c, account);
    const [name, value] = state.split('=');
    const [body, mac] = value.split('.');
    const changed = JSON.parse(Buffer.from(body, 'base64url').toString());
    changed.returnTo = '/elsewhere';
    const forged = `${name}=${Buffer.from(JSON.stringify(changed)).toString('base64url')}.${mac}`;
    for (const cookie of [undefined, forged, `${name}=${body}.${mac.slice(1)}`]) {
      const r = await callback(back, cookie);
      assert.equal(r.status, 303);
      assert.equal(r.headers.location, '/?sso_error=invalid_state');
      assert.equal(setCookie(r.headers, 'zk_session'), undefined);
    }
    // The state of the URL changed: it no longer matches the cookie.
    const otherState = new URL(back);
    otherState.searchParams.set('state', 'x'.repeat(43));
    assert.equal((await callback(otherState, state)).headers.location, '/?sso_error=invalid_state');
    // The code of this sign-in with the state (and so the nonce and PKCE verifier) of another: the provider refuses
    // to exchange it (PKCE), and no session starts.
    const second = await atProvider(c, account);
    const injected = new URL(second.back);
    injected.searchParams.set('code', back.searchParams.get('code')!);
    const r = await callback(injected, second.state);
    assert.equal(r.headers.location, '/?sso_error=invalid_response');
    assert.equal(setCookie(r.headers, 'zk_session'), undefined);
    // The untouched answer still signs in once; replaying it does not.
    const ok = await callback(back, state);
    assert.equal(ok.headers.location, '/', String(ok.headers.location));
    assert.ok(setCookie(ok.headers, 'zk_session'));
    const replay = await callback(back, state);
    assert.equal(replay.headers.location, '/?sso_error=invalid_response');
  });

  test('an ID token whose signature the provider’s published keys do not verify is refused', async () => {
    const c = await ssoTenant();
    const me = await createEmployee(c);
    const account = provider.addAccount({ preferred_username: me.username });
    provider.wrongKeys = true;
    try {
      const r = await signIn(c, account);
      assert.equal(r.headers.location, '/?sso_error=invalid_response');
      assert.equal(setCookie(r.headers, 'zk_session'), undefined);
    } finally {
      provider.wrongKeys = false;
    }
  });

  test('an ID token for another audience, sign-in (nonce) or issuer, or an expired one, is refused', async () => {
    const c = await ssoTenant();
    const me = await createEmployee(c);
    const account = provider.addAccount({ preferred_username: me.username });
    const now = Math.floor(Date.now() / 1000);
    const changes: [string, (claims: Record<string, unknown>) => Record<string, unknown>][] = [
      ['audience', (claims) => ({ ...claims, aud: 'another-client' })],
      ['nonce', (claims) => ({ ...claims, nonce: 'another-sign-in' })],
      ['issuer', (claims) => ({ ...claims, iss: 'http://127.0.0.1:1' })],
      ['expiry', (claims) => ({ ...claims, iat: now - 7200, exp: now - 3600 })],
    ];
    try {
      for (const [what, change] of changes) {
        provider.changeIdToken = change;
        const r = await signIn(c, account);
        assert.equal(r.headers.location, '/?sso_error=invalid_response', what);
        assert.equal(setCookie(r.headers, 'zk_session'), undefined, what);
      }
      // Signed again unchanged, it is accepted: the refusals above are the changed claims'.
      provider.changeIdToken = (claims) => claims;
      const ok = await signIn(c, account);
      assert.equal(ok.headers.location, '/');
      assert.ok(setCookie(ok.headers, 'zk_session'));
    } finally {
      provider.changeIdToken = null;
    }
  });

  test('a refusal at the provider comes back as provider_denied', async () => {
    const c = await ssoTenant();
    const { state, back } = await atProvider(c, 'deny');
    assert.equal(back.searchParams.get('error'), 'access_denied');
    const r = await callback(back, state);
    assert.equal(r.headers.location, '/?sso_error=provider_denied');
    assert.equal(setCookie(r.headers, 'zk_session'), undefined);
  });

  test('behind a TLS proxy: the https redirect URI of the forwarded host, and Secure cookies', async () => {
    const { buildTestApp } = await import('../support/app.js');
    const behindProxy = await buildTestApp(t().dialect, { trustProxy: true });
    try {
      const c = await behindProxy.tenant();
      const redirectUri = `https://zeitkonto.example${api(c)}/sessions/sso/callback`;
      const { clientId, clientSecret } = await provider.register([redirectUri]);
      await setSsoProvider(forTenant(behindProxy.database.db, c.tenant.id), {
        name: 'Local provider',
        issuer: provider.issuer,
        clientId,
        clientSecret,
        matchBy: 'username',
        claim: 'preferred_username',
      });
      const me = await createEmployee(c);
      const forwarded = { 'x-forwarded-proto': 'https', 'x-forwarded-host': 'zeitkonto.example' };
      const info = await behindProxy.inject({ method: 'GET', url: `${api(c)}/sessions/sso`, headers: forwarded });
      assert.equal(info.body.data.redirect_uri, redirectUri);
      const start = await behindProxy.inject({
        method: 'GET',
        url: `${api(c)}/sessions/sso/start`,
        headers: forwarded,
      });
      assert.equal(start.status, 302, start.text);
      const state = setCookie(start.headers, 'zk_sso')!;
      assert.match(state, /; SameSite=Lax; Secure$/);
      const back = await provider.signIn(
        String(start.headers.location),
        provider.addAccount({ preferred_username: me.username }),
      );
      assert.equal(`${back.origin}${back.pathname}`, redirectUri);
      const r = await behindProxy.inject({
        method: 'GET',
        url: `${back.pathname}${back.search}`,
        headers: { ...forwarded, cookie: state.split(';')[0] },
      });
      assert.equal(r.headers.location, '/', r.text);
      assert.match(setCookie(r.headers, 'zk_session')!, /; HttpOnly; SameSite=Strict; Secure$/);
    } finally {
      await behindProxy.close();
    }
  });

  test('return paths of another site are refused 422 at the start', async () => {
    const c = await ssoTenant();
    for (const to of ['//evil.example/x', '/\\evil.example', 'https://evil.example/', 'relative', '/a b']) {
      const r = await t().inject({
        method: 'GET',
        url: `${api(c)}/sessions/sso/start?return_to=${encodeURIComponent(to)}`,
      });
      assert.equal(r.status, 422, `${to}: ${r.text}`);
      assert.deepEqual(Object.keys(r.body.errors), ['return_to']);
    }
  });

  test('a tenant without single sign-on, and an unknown tenant, answer 404 on every route', async () => {
    const c = await t().tenant();
    for (const instance of [c.tenant.instance, 'nosuchtenant']) {
      for (const path of ['/sessions/sso', '/sessions/sso/start', '/sessions/sso/callback?code=x&state=y']) {
        const r = await t().inject({ method: 'GET', url: `/${instance}/next/api/v1${path}` });
        assert.equal(r.status, 404, `${instance}${path}: ${r.text}`);
        assert.equal(r.body.message, 'Single sign-on is not configured for this tenant.');
      }
    }
  });

  test('a provider that cannot be reached answers 502 at the start', async () => {
    const c = await t().tenant();
    await setSsoProvider(forTenant(t().database.db, c.tenant.id), {
      name: 'Gone',
      issuer: 'http://127.0.0.1:9',
      clientId: 'x',
      clientSecret: 'y',
      matchBy: 'username',
      claim: 'preferred_username',
    });
    const r = await t().inject({ method: 'GET', url: `${api(c)}/sessions/sso/start` });
    assert.equal(r.status, 502, r.text);
    assert.equal(r.body.message, 'The single sign-on provider cannot be reached.');
  });

  test('a burst of sign-ins from one address ends in 429 with Retry-After, as signing in with a password', async () => {
    const c = await ssoTenant();
    const remoteAddress = '198.51.100.23';
    const get = (path: string, address = remoteAddress) =>
      t().inject({ method: 'GET', url: `${api(c)}${path}`, remoteAddress: address });
    // Every start counts; so does every callback that signs no one in.
    for (let i = 0; i < 15; i++) assert.equal((await get('/sessions/sso/start')).status, 302);
    for (let i = 0; i < 5; i++) assert.equal((await get('/sessions/sso/callback?code=x&state=y')).status, 303);
    for (const path of ['/sessions/sso/start', '/sessions/sso/callback?code=x&state=y']) {
      const r = await get(path);
      assert.equal(r.status, 429, r.text);
      assert.deepEqual(r.body, { message: 'Too many sign-in attempts.' });
      assert.ok(Number(r.headers['retry-after']) >= 1, String(r.headers['retry-after']));
    }
    assert.equal((await get('/sessions/sso/start', '198.51.100.24')).status, 302, 'another address may');
  });
});
