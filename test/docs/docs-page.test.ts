// Issue 20 §2: /docs in a real browser (headless Chromium, Debian's `chromium`; .ci/run installs it). The page
// renders with a zeitkonto title, authorizes with a token, executes GET /customers through the page and shows the
// demo customers. ZK_DOCS_SCREENSHOT=<file.png> also saves a screenshot (docs/images/docs-page.png is one).
import assert from 'node:assert/strict';
import fs from 'node:fs';
import type { AddressInfo } from 'node:net';
import { test } from 'node:test';
import puppeteer from 'puppeteer-core';
import { demoData } from '../../src/demo/index.js';
import { forEachDialect } from '../support/app.js';

/** CPU time (user + system, ms) of a process and all its descendants: the browser with its renderer and GPU processes. */
function treeCpuMs(root: number): number {
  const stats = fs.readdirSync('/proc').filter((d) => /^\d+$/.test(d)).flatMap((pid) => {
    try {
      // pid (comm) state ppid ... utime(14) stime(15): fields after the command's closing parenthesis.
      const text = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
      const f = text.slice(text.lastIndexOf(')') + 2).split(' ');
      return [{ pid: Number(pid), ppid: Number(f[1]), ticks: Number(f[11]) + Number(f[12]) }];
    } catch {
      return [];
    }
  });
  const tree = new Set([root]);
  for (let grew = true; grew; ) {
    grew = false;
    for (const s of stats) if (!tree.has(s.pid) && tree.has(s.ppid)) grew = Boolean(tree.add(s.pid));
  }
  return stats.filter((s) => tree.has(s.pid)).reduce((sum, s) => sum + s.ticks, 0) * 10; // USER_HZ 100
}

const CHROMIUM = process.env.ZK_CHROMIUM ?? ['/usr/bin/chromium', '/usr/bin/chromium-browser'].find((p) => fs.existsSync(p));

forEachDialect('the /docs page in a browser', (t) => {
  test('renders, authorizes with a token and executes GET /customers through the page', async () => {
    assert.ok(CHROMIUM, 'Chromium is not installed (apt-get install chromium, or set ZK_CHROMIUM)');
    const c = await t().tenant();
    await demoData(t().database.db, c.tenant, t().dialect);
    await t().app.listen({ port: 0, host: '127.0.0.1' });
    const base = `http://127.0.0.1:${(t().app.server.address() as AddressInfo).port}`;
    const browser = await puppeteer.launch({ executablePath: CHROMIUM, headless: true, args: ['--no-sandbox', '--disable-dev-shm-usage'] });
    try {
      const page = await browser.newPage();
      await page.setViewport({ width: 1280, height: 900 });
      const pid = browser.process()!.pid!;
      const started = Date.now();
      const cpuBefore = treeCpuMs(pid);
      await page.goto(`${base}/docs`);
      await page.waitForSelector('.opblock-tag', { timeout: 30_000 });
      const firstRender = Date.now() - started;
      const renderCpu = treeCpuMs(pid) - cpuBefore;
      // Main-thread busy time: what the render costs, apart from how loaded the machine is.
      const renderTask = (await page.metrics()).TaskDuration ?? 0;
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
      const status = await page.waitForSelector('#operations-Customers-listCustomers .live-responses-table tr.response .response-col_status', { timeout: 30_000 });
      assert.equal((await status!.evaluate((e) => e.textContent ?? '')).trim(), '200');
      const body = await page.$eval('#operations-Customers-listCustomers .live-responses-table tr.response .response-col_description', (e) => e.textContent ?? '');
      assert.match(body, /Müller Maschinenbau GmbH/);
      const requestUrl = await page.$eval('#operations-Customers-listCustomers .request-url pre', (e) => e.textContent ?? '');
      assert.equal(requestUrl.trim(), `${base}/${c.tenant.instance}/next/api/v1/customers`, 'no filters pre-filled');
      if (process.env.ZK_DOCS_SCREENSHOT) await page.screenshot({ path: process.env.ZK_DOCS_SCREENSHOT as `${string}.png` });
      process.stderr.write(`[docs page ${t().dialect}] first render ${firstRender} ms (main thread busy ${Math.round(renderTask * 1000)} ms, browser CPU ${renderCpu} ms), opening the Customers tag and an operation ${expand} ms (browser CPU ${expandCpu} ms)\n`);
    } finally {
      await browser.close();
    }
  });
});
