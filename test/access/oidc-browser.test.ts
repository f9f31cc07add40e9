// Single sign-on in a real browser (headless Chromium, as test/docs/docs-page.test.ts): zeitkonto at localhost and
// the local provider at 127.0.0.1 are two sites, so the provider's redirect back is a cross-site navigation. The
// SameSite=Lax state cookie goes along, the callback's SameSite=Strict session cookie is kept, and a page of
// zeitkonto then calls the API with it.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import type { AddressInfo } from 'node:net';
import { after, before, test } from 'node:test';
import puppeteer from 'puppeteer-core';
import { forEachDialect, type TestContext } from '../support/app.js';
import { createEmployee } from '../support/people.js';
import { startLocalProvider, type LocalProvider } from '../support/oidc.js';
import { forTenant } from '../../src/db/tenant-scope.js';
import { setSsoProvider } from '../../src/modules/sessions/sso.repository.js';

const CHROMIUM =
  process.env.ZK_CHROMIUM ?? ['/usr/bin/chromium', '/usr/bin/chromium-browser'].find((p) => fs.existsSync(p));

let provider: LocalProvider;
before(async () => {
  provider = await startLocalProvider();
});
after(async () => {
  await provider?.close();
});

/** The app listening, a tenant whose single sign-on is the local provider, a person the provider signs in, a browser. */
async function withProvider(t: () => TestContext) {
  assert.ok(CHROMIUM, 'Chromium is not installed (apt-get install chromium, or set ZK_CHROMIUM)');
  if (!t().app.server.listening) await t().app.listen({ port: 0, host: '127.0.0.1' });
  const base = `http://localhost:${(t().app.server.address() as AddressInfo).port}`;
  const c = await t().tenant();
  const api = `/${c.tenant.instance}/next/api/v1`;
  const { clientId, clientSecret } = await provider.register([`${base}${api}/sessions/sso/callback`]);
  await setSsoProvider(forTenant(t().database.db, c.tenant.id), {
    name: 'Local provider',
    issuer: provider.issuer,
    clientId,
    clientSecret,
    matchBy: 'username',
    claim: 'preferred_username',
  });
  const me = await createEmployee(c);
  provider.browserAccount = provider.addAccount({ preferred_username: me.username });
  const browser = await puppeteer.launch({
    executablePath: CHROMIUM,
    headless: true,
    args: ['--no-sandbox', '--disable-dev-shm-usage'],
  });
  return { base, c, api, me, browser };
}

forEachDialect('single sign-on in a browser', (t) => {
  test('start → provider → callback signs the browser in; the page then reads the API with the cookie', async () => {
    const { base, c, api, me, browser } = await withProvider(t);
    try {
      const page = await browser.newPage();
      const visited: string[] = [];
      page.on('request', (r) => {
        if (r.isNavigationRequest()) visited.push(new URL(r.url()).origin + new URL(r.url()).pathname);
      });
      await page.goto(`${base}${api}/sessions/sso/start?return_to=${encodeURIComponent(`${api}/openapi.json`)}`);
      assert.ok(visited.includes(`${provider.issuer}/auth`), visited.join('\n'));
      assert.ok(visited.includes(`${base}${api}/sessions/sso/callback`), visited.join('\n'));
      assert.equal(new URL(page.url()).pathname, `${api}/openapi.json`);
      const cookies = await page.cookies(`${base}${api}/sessions`);
      const session = cookies.find((k) => k.name === 'zk_session');
      assert.ok(session, JSON.stringify(cookies));
      assert.equal(session.httpOnly, true);
      assert.equal(session.sameSite, 'Strict');
      assert.equal(session.path, api);
      assert.equal(
        cookies.find((k) => k.name === 'zk_sso'),
        undefined,
        'the state cookie is gone',
      );
      // The page (same site) calls the API: the Strict cookie goes along.
      const current = await page.evaluate(async (url) => {
        const r = await fetch(url);
        return { status: r.status, body: await r.json() };
      }, `${api}/sessions/current`);
      assert.equal(current.status, 200, JSON.stringify(current.body));
      assert.equal(current.body.data.employee_id, me.username);
    } finally {
      provider.browserAccount = null;
      await browser.close();
    }
  });
  test('the web app offers the provider on its sign-in page and comes back signed in; a failure is shown', async () => {
    const { base, c, api, me, browser } = await withProvider(t);
    try {
      const page = await browser.newPage();
      await page.goto(`${base}/?sso_error=invalid_state`);
      await page.waitForSelector('.form-error');
      assert.match(await page.$eval('.form-error', (e) => e.textContent ?? ''), /provider/);
      await page.type('#instance', c.tenant.instance);
      await page.waitForSelector('a.sso');
      assert.equal(await page.$eval('a.sso', (e) => e.textContent), 'Sign in with Local provider');
      await Promise.all([page.waitForNavigation(), page.click('a.sso')]);
      await page.waitForSelector('.week-nav', { timeout: 30_000 });
      assert.match(new URL(page.url()).pathname, /^\/week/);
      assert.equal(new URL(page.url()).search, '', 'the tenant parameter is gone from the address');
      assert.match(await page.evaluate(() => document.body.innerText), new RegExp(me.username));
    } finally {
      provider.browserAccount = null;
      await browser.close();
    }
  });
});
