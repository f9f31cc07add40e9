// /docs in a real browser (headless Chromium, Debian's `chromium`; .ci/run installs it). The page
// renders with a zeitkonto title, authorizes with a token, executes GET /customers through the page and shows the
// demo customers. ZK_DOCS_SCREENSHOT=<file.png> also saves a screenshot (docs/images/docs-page.png is one).
import assert from 'node:assert/strict';
import fs from 'node:fs';
import type { AddressInfo } from 'node:net';
import { test } from 'node:test';
import puppeteer from 'puppeteer-core';
import { createDemoTenantAs } from '../../src/demo/index.js';
import { DOCS_GROUPS } from '../../src/plugins/docs-groups.js';
import { forEachDialect, uniqueName } from '../support/app.js';
import { treeCpuMs } from '../support/browser.js';

const CHROMIUM =
  process.env.ZK_CHROMIUM ?? ['/usr/bin/chromium', '/usr/bin/chromium-browser'].find((p) => fs.existsSync(p));

const docsInstance = uniqueName('docspage');

forEachDialect(
  'the /docs page in a browser',
  (t) => {
    test('renders, authorizes with a token and executes GET /customers through the page', async () => {
      assert.ok(CHROMIUM, 'Chromium is not installed (apt-get install chromium, or set ZK_CHROMIUM)');
      // A demo tenant the page's "Try it out" examples refer to (DOCS_INSTANCE).
      const demo = await createDemoTenantAs(t().database.db, t().dialect, docsInstance);
      const c = t().client(demo.tenant, demo.token);
      await t().app.listen({ port: 0, host: '127.0.0.1' });
      const base = `http://127.0.0.1:${(t().app.server.address() as AddressInfo).port}`;
      // As a running server does about a second after it listens: the examples are resolved before the page is timed.
      await (await fetch(`${base}/openapi/docs/all.json`)).arrayBuffer();
      const browser = await puppeteer.launch({
        executablePath: CHROMIUM,
        headless: true,
        args: ['--no-sandbox', '--disable-dev-shm-usage'],
      });
      try {
        const page = await browser.newPage();
        await page.setViewport({ width: 1280, height: 900 });
        const pid = browser.process()!.pid!;
        const requested: string[] = [];
        page.on('request', (r) => requested.push(new URL(r.url()).pathname));
        const started = Date.now();
        const cpuBefore = treeCpuMs(pid);
        await page.goto(`${base}/docs`);
        await page.waitForSelector('.opblock-tag', { timeout: 30_000 });
        const firstRender = Date.now() - started;
        const renderCpu = treeCpuMs(pid) - cpuBefore;
        // Main-thread busy time: what the render costs, apart from how loaded the machine is.
        const renderTask = (await page.metrics()).TaskDuration ?? 0;
        // The first render resolves one group's document, not the whole API (src/plugins/docs-groups.ts).
        assert.ok(requested.includes('/openapi/docs/customers-projects.json'), requested.join(' '));
        assert.ok(!requested.includes('/openapi/full-3.0.json'), 'the whole document is not loaded first');
        assert.match(await page.title(), /zeitkonto/);
        assert.match(await page.$eval('.info .title', (e) => e.textContent ?? ''), /zeitkonto API/);
        assert.ok(await page.$('a[href="/docs/readme"]'), 'a link to the README guides');

        // The tenant: the server URL's {instance} variable.
        const instance = await page.waitForSelector('.servers table input');
        await instance!.click({ count: 3 });
        await instance!.type(c.tenant.instance);

        await page.click('.auth-wrapper .authorize');
        const tokenInput = await page.waitForSelector('.auth-container input');
        await tokenInput!.type(c.token);
        await page.click('.auth-btn-wrapper .authorize');
        await page.click('.auth-btn-wrapper .btn-done');

        const expandStarted = Date.now();
        const expandCpuBefore = treeCpuMs(pid);
        await page.click('#operations-tag-Customers');
        await page.waitForSelector('#operations-Customers-listCustomers');
        await page.click('#operations-Customers-listCustomers .opblock-summary');
        await page.waitForSelector('#operations-Customers-listCustomers .try-out__btn');
        const expand = Date.now() - expandStarted;
        const expandCpu = treeCpuMs(pid) - expandCpuBefore;
        await page.click('#operations-Customers-listCustomers .try-out__btn');
        await page.click('#operations-Customers-listCustomers .execute');
        const status = await page.waitForSelector(
          '#operations-Customers-listCustomers .live-responses-table tr.response .response-col_status',
          { timeout: 30_000 },
        );
        assert.equal((await status!.evaluate((e) => e.textContent ?? '')).trim(), '200');
        const body = await page.$eval(
          '#operations-Customers-listCustomers .live-responses-table tr.response .response-col_description',
          (e) => e.textContent ?? '',
        );
        assert.match(body, /Müller Maschinenbau GmbH/);
        const requestUrl = await page.$eval(
          '#operations-Customers-listCustomers .request-url pre',
          (e) => e.textContent ?? '',
        );
        assert.equal(requestUrl.trim(), `${base}/${c.tenant.instance}/next/api/v1/customers`, 'no filters pre-filled');
        // "Try it out" on an update fills in the demo tenant's own customer and a body it accepts (docs/api/try-it-out.md).
        const update = '#operations-Customers-updateCustomer';
        await page.click(`${update} .opblock-summary`);
        await page.waitForSelector(`${update} .try-out__btn`);
        await page.click(`${update} .try-out__btn`);
        const pathValue = await page.waitForSelector(`${update} tr[data-param-name="customer"] input`);
        const customer = await pathValue!.evaluate((e) => (e as HTMLInputElement).value);
        const sentBody = await page.$eval(
          `${update} textarea.body-param__text`,
          (e) => (e as HTMLTextAreaElement).value,
        );
        const stored = await c.get(`/customers/${customer}`);
        assert.equal(stored.status, 200, `the path value names a demo customer: ${customer}`);
        const patched = await c.patch(`/customers/${customer}`, JSON.parse(sentBody));
        assert.equal(patched.status, 200, `the body is accepted: ${sentBody} -> ${patched.text}`);
        if (process.env.ZK_DOCS_SCREENSHOT)
          await page.screenshot({ path: process.env.ZK_DOCS_SCREENSHOT as `${string}.png` });
        process.stderr.write(
          `[docs page ${t().dialect}] first render ${firstRender} ms (main thread busy ${Math.round(renderTask * 1000)} ms, browser CPU ${renderCpu} ms), opening the Customers tag and an operation ${expand} ms (browser CPU ${expandCpu} ms)\n`,
        );
      } finally {
        await browser.close();
      }
    });
  },
  { docsInstance },
);

const METHODS = ['get', 'post', 'put', 'patch', 'delete'];
const operationKeys = (doc: any) =>
  Object.entries<any>(doc.paths).flatMap(([path, ops]) =>
    METHODS.filter((m) => ops[m]).map((m) => `${m.toUpperCase()} ${path}`),
  );

forEachDialect('the documents /docs loads, one per group of tags', (t) => {
  test('together they hold every operation of the 3.0 document once, each with every component it references', async () => {
    const full = (await t().inject({ method: 'GET', url: '/openapi/full-3.0.json' })).body;
    const seen: string[] = [];
    for (const group of DOCS_GROUPS) {
      const r = await t().inject({ method: 'GET', url: `/openapi/docs/${group.slug}.json` });
      assert.equal(r.status, 200);
      const doc = r.body;
      assert.equal(doc.openapi, full.openapi);
      assert.deepEqual(doc.servers, full.servers);
      assert.ok(operationKeys(doc).length > 0, `${group.slug} has operations`);
      seen.push(...operationKeys(doc));
      // Self-contained: every $ref resolves inside the group's document.
      const refs = JSON.stringify(doc).match(/"\$ref":"#\/components\/[^"]+"/g) ?? [];
      for (const ref of new Set(refs)) {
        const [, , kind, name] = ref.slice(8, -1).split('/');
        assert.ok(doc.components[kind!]?.[name!] !== undefined, `${group.slug}: ${ref}`);
      }
      for (const op of operationKeys(doc)) {
        const [method, path] = op.split(' ');
        assert.deepEqual(doc.paths[path!][method!.toLowerCase()], full.paths[path!][method!.toLowerCase()], op);
      }
    }
    assert.deepEqual(
      seen.sort(),
      operationKeys(full).sort(),
      "each operation is in exactly one group (a new tag needs its group in its module's docsTags)",
    );
    assert.equal((await t().inject({ method: 'GET', url: '/openapi/docs/nope.json' })).status, 404);
  });
});
