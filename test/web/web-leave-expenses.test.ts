// Leave and Expenses (docs/web-app.md) in headless Chromium, on each database: a demo User requests leave, sees it
// pending (the API has it), is refused an overlapping request with the message at its field, withdraws the pending
// one; the vacation figures are the API's. They file a receipt with a photo from the file picker and two amount
// lines, which the API then has with its file. Each page loads in few API requests; axe-core finds no serious or
// critical violation at 1280 and 375 px; German names the pages. ZK_WEB_SCREENSHOTS=<folder> saves web-leave-* and
// web-expenses-*.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import type { AddressInfo } from 'node:net';
import { after, before, test } from 'node:test';
import type { Browser, BrowserContext, ElementHandle, Page } from 'puppeteer-core';
import { createDemoTenantAs, type DemoSignIn } from '../../src/demo/index.js';
import { WEB_DIST } from '../../src/plugins/web-app.js';
import { forEachDialect, uniqueName, type Client } from '../support/app.js';
import { addDays, axeViolations, iso, launchBrowser, SHOTS, signIn } from './support.js';

const now = iso(new Date());

/** A small PNG (16×16, one colour), made here: signature, IHDR, IDAT, IEND. */
function png(): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(zlib.crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(16, 0);
  header.writeUInt32BE(16, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8 bits, RGB
  const rows = Buffer.concat(
    Array.from({ length: 16 }, () => Buffer.concat([Buffer.from([0]), Buffer.alloc(48, 0x80)])),
  );
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', zlib.deflateSync(rows)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

let browser: Browser;
let photo: string;
before(async () => {
  assert.ok(fs.existsSync(path.join(WEB_DIST, 'index.html')), 'the web app is built (npm run build:web)');
  browser = await launchBrowser();
  photo = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'zk-receipt-')), 'receipt.png');
  fs.writeFileSync(photo, png());
});
after(async () => {
  await browser?.close();
});

forEachDialect('Leave and Expenses', (t) => {
  let base: string;
  let instance: string;
  let user: DemoSignIn;
  let admin: Client;
  let context: BrowserContext;
  let page: Page;
  const api: string[] = [];
  before(async () => {
    instance = uniqueName('webl');
    const demo = await createDemoTenantAs(t().database.db, t().dialect, instance);
    user = demo.signIns.find((s) => s.username === 'max.mustermann')!;
    admin = t().client(demo.tenant, demo.token);
    await t().app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(t().app.server.address() as AddressInfo).port}`;
    context = await browser.createBrowserContext();
    page = await context.newPage();
    await page.setBypassCSP(true); // axe-core is injected as an inline script
    await page.setViewport({ width: 1280, height: 800 });
    page.on('request', (r) => {
      const p = new URL(r.url()).pathname;
      if (p.includes('/next/api/v1/')) api.push(p.replace(/^\/[^/]+\/next\/api\/v1/, ''));
    });
    await signIn(page, base, instance, user);
    await page.waitForSelector('.days');
  });
  after(async () => {
    await context?.close();
  });
  /** Loads a page afresh and counts the API requests it takes until `ready` is on it. */
  async function load(url: string, ready: string) {
    await page.goto(url);
    await page.waitForSelector(ready);
    api.length = 0;
    await page.reload();
    await page.waitForSelector(ready);
    return [...api];
  }
  const onFailure = async (e: unknown) => {
    process.stderr.write(`page at ${page.url()}:\n${await page.evaluate(() => document.body.innerText)}\n`);
    throw e;
  };
  /** Sets an input's value as typing or the date picker does (an `input` event). */
  const setValue = (selector: string, value: string) =>
    page.$eval(
      selector,
      (e, v) => {
        (e as HTMLInputElement).value = v;
        e.dispatchEvent(new Event('input', { bubbles: true }));
      },
      value,
    );
  const text = (selector: string) => page.$eval(selector, (e) => (e as HTMLElement).innerText.trim());
  const vacation = async (year: string) => {
    const r = await admin.get(`/workhour-balances?employee_id=${user.username}`);
    return r.body.data[0].vacation.find((v: { year: number }) => String(v.year) === year);
  };
  const phone = async (name: string) => {
    await page.setViewport({ width: 375, height: 812 });
    assert.deepEqual(await axeViolations(page), [], `${name} at 375 px`);
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/${name}-phone.png`, fullPage: true });
    const wide = await page.evaluate(() => document.documentElement.scrollWidth);
    assert.ok(wide <= 375, `${name} fits 375 px (${wide})`);
    await page.setViewport({ width: 1280, height: 800 });
  };

  test('Leave: request, pending, refused at its field, withdraw; vacation days as the API; 4 requests', async () => {
    try {
      // A working day ahead without holiday or absence.
      const ahead = (
        await admin.get(`/employees/${user.username}/days?start_date=${addDays(now, 7)}&end_date=${addDays(now, 60)}`)
      ).body.data.days;
      const day = ahead.find((d: any) => d.scheduled_hours > 0 && !d.holiday && d.absences.length === 0).date as string;
      const year = day.slice(0, 4);

      const requests = await load(`${base}/leave/${year}`, '#leave-reason');
      assert.ok(requests.length <= 4, `${requests.length} API requests to show leave: ${requests.join(' ')}`);
      process.stderr.write(`[web leave ${t().dialect}] ${requests.length} API requests: ${requests.join(' ')}\n`);
      assert.equal(await text('h1'), `Leave ${year}`);
      const before = await vacation(year);
      if (before) assert.equal(await text('#vacation-remaining'), String(before.remaining));

      await page.select('#leave-reason', 'UB');
      await setValue('#leave-start', day);
      await setValue('#leave-end', day);
      await setValue('#leave-note', 'Web leave');
      await page.click('.leave-form button[type=submit]');
      await page.waitForSelector('.absence-item[data-state=pending]');
      assert.match(await text('.absence-item[data-state=pending]'), /Vacation.*pending/s);
      const listed = await admin.get(`/absences?employee_id=${user.username}&start_date=${day}&end_date=${day}`);
      assert.equal(listed.body.data.length, 1);
      assert.equal(listed.body.data[0].note, 'Web leave');
      assert.equal(listed.body.data[0].leaveApprovalApplication.status.id, 0);
      // The figures follow: the API's remaining days, one fewer than before.
      const after = await vacation(year);
      await page.waitForFunction(
        (v) => document.querySelector('#vacation-remaining')?.textContent === v,
        {},
        String(after.remaining),
      );
      if (before) assert.equal(after.remaining, before.remaining - 1);
      assert.deepEqual(await axeViolations(page), [], 'leave page');
      if (SHOTS) await page.screenshot({ path: `${SHOTS}/web-leave-desktop.png`, fullPage: true });
      await phone('web-leave');

      // The same day again overlaps: the API's message at the first day.
      await page.click('.leave-form button[type=submit]');
      await page.waitForSelector('#leave-start-error');
      assert.match(await text('#leave-start-error'), /overlap|absence/i);
      assert.equal(await page.$eval('#leave-start', (e) => e.getAttribute('aria-invalid')), 'true');

      // German.
      await page.select('.lang select', 'de');
      assert.equal(await text('h1'), `Urlaub ${year}`);
      assert.match(await text('.absence-item[data-state=pending] .state'), /beantragt/);
      await page.select('.lang select', 'en');

      // Withdraw it: gone from the page and the API.
      const item = (await page.$('.absence-item[data-state=pending] button')) as ElementHandle;
      await item.focus();
      await page.keyboard.press('Enter');
      await page.waitForFunction(() => !document.querySelector('.absence-item[data-state=pending]'));
      const gone = await admin.get(`/absences?employee_id=${user.username}&start_date=${day}&end_date=${day}`);
      assert.equal(gone.body.data.length, 0);
    } catch (e) {
      await onFailure(e);
    }
  });

  test('Expenses: a receipt with a photo and two amount lines, then in the list and the API', async () => {
    try {
      const requests = await load(`${base}/expenses`, '#receipt-type');
      const receipts = requests.filter((r) => /^\/receipts\/\d+\/amounts$/.test(r)).length;
      assert.ok(requests.length - receipts <= 4, `${requests.length} API requests: ${requests.join(' ')}`);
      process.stderr.write(`[web expenses ${t().dialect}] ${requests.length} API requests: ${requests.join(' ')}\n`);
      assert.equal(await text('h1'), 'Expenses');
      assert.equal(await page.$eval('#receipt-photo', (e) => e.getAttribute('capture')), 'environment');

      const input = (await page.$('#receipt-photo')) as ElementHandle<HTMLInputElement>;
      await input.uploadFile(photo);
      await page.waitForSelector('img.receipt-preview');
      await page.select('#receipt-type', 'Fahrkarte');
      await setValue('#line-0-amount', '12.50');
      await page.select('#line-0-tax', '7');
      await page.click('button.add-line');
      await page.waitForSelector('#line-1-amount');
      await setValue('#line-1-amount', '3,20');
      await page.select('#line-1-tax', '19');
      await setValue('#receipt-note', 'Web taxi');
      await page.click('.receipt-form button[type=submit]');
      await page.waitForFunction(() => document.querySelector('.notice')?.textContent === 'Filed.');

      const stored = (await admin.get(`/receipts?employee_id=${user.username}&limit=200`)).body.data.find(
        (r: any) => r.note === 'Web taxi',
      );
      assert.ok(stored, 'the receipt is stored');
      assert.equal(stored.receipt_type_id, 'Fahrkarte');
      assert.equal(stored.filename, 'receipt.png');
      const lines = (await admin.get(`/receipts/${stored.id}/amounts`)).body.data;
      assert.deepEqual(
        lines.map((l: any) => [l.amount, Number(l.tax)]).sort(),
        [
          ['12.50', 7],
          ['3.20', 19],
        ].sort(),
      );
      const file = await admin.get(`/receipts/${stored.id}/attachments`);
      assert.equal(file.status, 200);
      assert.equal(file.body.data.content_type, 'image/png');
      assert.deepEqual(Buffer.from(file.body.data.file_contents, 'base64'), png());

      const item = `.receipt-item[data-id="${stored.id}"]`;
      await page.waitForSelector(item);
      assert.match(await text(item), /Fahrkarte.*Not billed.*€12\.50.*€3\.20.*Total: €15\.70.*photo attached/s);
      assert.deepEqual(await axeViolations(page), [], 'expenses page');
      if (SHOTS) await page.screenshot({ path: `${SHOTS}/web-expenses-desktop.png`, fullPage: true });
      await phone('web-expenses');

      // A line without an amount: the API's message at that line's field.
      await setValue('#line-0-amount', '');
      await page.click('.receipt-form button[type=submit]');
      await page.waitForSelector('#line-0-amount-error');
      await page.select('.lang select', 'de');
      assert.equal(await text('h1'), 'Spesen');
      await page.select('.lang select', 'en');
    } catch (e) {
      await onFailure(e);
    }
  });
});
