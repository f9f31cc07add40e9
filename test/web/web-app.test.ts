// The web app (docs/web-app.md) in a real browser (headless Chromium, as test/docs/docs-page.test.ts), on each
// database: a demo User signs in, sees their week, adds a booking, fixes a refused one in place, edits, deletes,
// and a reload shows what the server holds; axe-core finds no serious or critical violation on the sign-in and week
// pages; the week can be filled with the keyboard alone. It also measures the budgets docs/web-app.md records: the
// first page's JS (gzip), the week's warm load time and the API requests it takes.
// ZK_WEB_SCREENSHOTS=<folder> saves the screenshots of docs/images (desktop 1280×800, phone 375×812).
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { before, test } from 'node:test';
import type { Page } from 'puppeteer-core';
import { createDemoTenantAs, type DemoSignIn } from '../../src/demo/index.js';
import { WEB_DIST } from '../../src/plugins/web-app.js';
import { forEachDialect, uniqueName } from '../support/app.js';
import { addDays, axeViolations, dayOf, iso, browserOfFile, SHOTS, signIn } from './support.js';

const now = iso(new Date());
/** Next week's Monday: a week the demo has no bookings in yet, all of it bookable. */
const NEXT_MONDAY = addDays(now, 7 - ((new Date(`${now}T00:00:00Z`).getUTCDay() + 6) % 7));

const browser = browserOfFile();

/** Presses Tab until the element with this id has the focus (the keyboard alone, no clicks). */
async function tabTo(page: Page, id: string, limit = 200) {
  for (let i = 0; i < limit; i++) {
    if (await page.evaluate((want) => document.activeElement?.id === want, id)) return;
    await page.keyboard.press('Tab');
  }
  assert.fail(`Tab never reached #${id}`);
}

/** Chooses an option of the focused select by typing its name (the select's type-ahead), once it has options. */
async function typeInto(page: Page, name: string, text: string) {
  await page.waitForFunction(
    (n) => {
      const s = document.activeElement as HTMLSelectElement | null;
      return s?.name === n && !s.disabled && s.options.length > 1;
    },
    {},
    name,
  );
  await page.keyboard.type(text);
}

const bookingTexts = (page: Page, date: string) =>
  page.$$eval(`${dayOf(date)} li.booking`, (rows) =>
    rows.map((r) => (r as HTMLElement).innerText.replace(/\s+/g, ' ').trim()),
  );

forEachDialect('the web app in a browser', (t) => {
  let base: string;
  let instance: string;
  let user: DemoSignIn;
  let demo: Awaited<ReturnType<typeof createDemoTenantAs>>;
  before(async () => {
    instance = uniqueName('web');
    demo = await createDemoTenantAs(t().database.db, t().dialect, instance);
    user = demo.signIns.find((s) => s.username === 'max.mustermann')!;
    assert.equal(user.role, 'User');
    await t().app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(t().app.server.address() as AddressInfo).port}`;
  });

  test('a User signs in, books a week, fixes a refused booking in place, edits, deletes; a reload keeps it', async () => {
    const context = await browser().createBrowserContext();
    const page = await context.newPage();
    await page.setBypassCSP(true); // axe-core is injected as an inline script
    await page.setViewport({ width: 1280, height: 800 });
    try {
      // A refused sign-in is shown at the password; German and English, the choice remembered.
      await signIn(page, base, instance, user, 'wrong password');
      await page.waitForSelector('#password[aria-invalid="true"]');
      assert.match(await page.$eval('#password-error', (e) => e.textContent!), /do not match our records/);
      await page.select('.lang select', 'de');
      assert.equal(await page.$eval('h1', (e) => e.textContent), 'Anmelden');
      assert.equal(await page.$eval('label[for=password]', (e) => e.textContent), 'Passwort');
      await page.select('.lang select', 'en');
      assert.equal(await page.$eval('h1', (e) => e.textContent), 'Sign in');
      assert.deepEqual(await axeViolations(page), [], 'sign-in page');
      if (SHOTS) await page.screenshot({ path: `${SHOTS}/web-sign-in-desktop.png` as `${string}.png` });

      await page.$eval('#password', (e) => ((e as HTMLInputElement).value = ''));
      await page.type('#password', user.password);
      await page.keyboard.press('Enter');
      await page.waitForSelector('.days');
      assert.equal(await page.$eval('h1', (e) => e.textContent), 'My week');
      assert.equal(await page.$$eval('li.day', (d) => d.length), 7, 'Monday to Sunday');

      await page.click('.week-nav button:last-child');
      await page.waitForFunction((m) => location.pathname === `/week/${m}`, {}, NEXT_MONDAY);
      await page.waitForSelector(`${dayOf(NEXT_MONDAY)} .empty`);

      // Add a booking on Monday: pickers, Enter saves.
      const monday = NEXT_MONDAY;
      await page.click(`#add-${monday}`);
      await page.waitForSelector(`${dayOf(monday)} form input[name=from]:focus`);
      await page.keyboard.type('09:00');
      await page.keyboard.press('Tab');
      await page.keyboard.type('12:00');
      await page.keyboard.press('Tab');
      await typeInto(page, 'project_id', 'Projekt 1001');
      await page.keyboard.press('Tab');
      await typeInto(page, 'project_task_id', 'Konzeption');
      await page.keyboard.press('Tab');
      await typeInto(page, 'activity_id', 'be');
      await page.keyboard.press('Tab');
      await page.keyboard.type('Workshop');
      await page.keyboard.press('Enter');
      await page.waitForFunction(
        (sel) => document.querySelectorAll(sel).length === 1,
        {},
        `${dayOf(monday)} li.booking`,
      );
      assert.match((await bookingTexts(page, monday))[0]!, /09:00–12:00 Projekt 1001 be Workshop 3 h/);
      assert.equal(await page.evaluate(() => document.activeElement?.id), `add-${monday}`, 'the focus is back');

      // A booking the rules refuse (it overlaps): the API's message at its field, fixed in place, saved.
      await page.keyboard.press('Enter');
      await page.waitForSelector(`${dayOf(monday)} form input[name=from]:focus`);
      await page.keyboard.type('11:00');
      await page.keyboard.press('Tab');
      await page.keyboard.type('13:00');
      await page.keyboard.press('Tab');
      await typeInto(page, 'project_id', 'Projekt 1001');
      await page.keyboard.press('Tab');
      await typeInto(page, 'project_task_id', 'Umsetzung');
      await page.keyboard.press('Tab');
      await typeInto(page, 'activity_id', 'be');
      await page.keyboard.press('Enter');
      await page.waitForSelector(`${dayOf(monday)} form input[name=from][aria-invalid="true"]:focus`);
      const message = await page.$eval(`${dayOf(monday)} form .field.invalid .error`, (e) => e.textContent!);
      assert.match(message, /overlap/i, message);
      if (SHOTS) await page.screenshot({ path: `${SHOTS}/web-week-desktop.png` as `${string}.png` });
      await page.keyboard.down('Control');
      await page.keyboard.press('a');
      await page.keyboard.up('Control');
      await page.keyboard.type('12:00');
      await page.keyboard.press('Enter');
      await page.waitForFunction(
        (sel) => document.querySelectorAll(sel).length === 2,
        {},
        `${dayOf(monday)} li.booking`,
      );
      assert.equal(await page.$eval(`${dayOf(monday)} .day-total`, (e) => e.textContent), '4 h');
      assert.equal(await page.$eval('#week-total', (e) => e.textContent), '4 h');

      // Edit: Escape cancels, then a new note is saved.
      const [first, second] = await page.$$eval(`${dayOf(monday)} li.booking`, (rows) =>
        rows.map((r) => (r as HTMLElement).dataset.id!),
      );
      await page.click(`#edit-${first}`);
      await page.waitForSelector(`${dayOf(monday)} form input[name=from]:focus`);
      await page.keyboard.press('Escape');
      await page.waitForSelector(`#edit-${first}`);
      await page.click(`#edit-${first}`);
      const note = `${dayOf(monday)} form input[name=note]`;
      await page.waitForSelector(note);
      // As a person replaces a field's text: select all of it, then type (the app's state sees every keystroke).
      await page.focus(note);
      await page.keyboard.down('Control');
      await page.keyboard.press('a');
      await page.keyboard.up('Control');
      await page.keyboard.type('Workshop with the customer');
      await page.keyboard.press('Enter');
      await page.waitForFunction(
        (sel) => document.querySelector(sel)?.textContent?.includes('Workshop with the customer'),
        {},
        `${dayOf(monday)} li.booking[data-id="${first}"]`,
      );
      assert.deepEqual(await axeViolations(page), [], 'week page');

      // Delete the second booking.
      await page.click(`#edit-${second}`);
      await page.waitForSelector(`${dayOf(monday)} form button.danger`);
      await page.click(`${dayOf(monday)} form button.danger`);
      // Gone once the form has closed and the week is read again without it.
      await page.waitForFunction(
        (day, id) =>
          !document.querySelector(`${day} form`) &&
          document.querySelectorAll(`${day} li.booking`).length === 1 &&
          !document.querySelector(`${day} li.booking[data-id="${id}"]`),
        {},
        dayOf(monday),
        second,
      );

      // The server holds it: the API answers the same, and a reload shows it (warm: the budgets are measured here).
      const stored = await t()
        .client(demo.tenant, demo.token)
        .get(`/attendances?employee_id=${user.username}&start_date=${monday}&end_date=${addDays(monday, 6)}`);
      assert.deepEqual(
        stored.body.data.map((b: any) => [String(b.id), b.from, b.to, b.note]),
        [[first, '09:00:00', '12:00:00', 'Workshop with the customer']],
      );
      const requests: string[] = [];
      page.on('request', (r) => requests.push(new URL(r.url()).pathname));
      const started = Date.now();
      await page.reload();
      await page.waitForSelector(`${dayOf(monday)} li.booking[data-id="${first}"]`);
      await page.waitForFunction(() => !document.body.innerText.includes('#'));
      const loadMs = Date.now() - started;
      assert.match(
        (await bookingTexts(page, monday))[0]!,
        /09:00–12:00 Projekt 1001 be Workshop with the customer 3 h/,
      );
      const api = requests.filter((p) => p.includes('/next/api/v1/'));
      const scripts = requests.filter((p) => p.endsWith('.js'));
      const jsGzip = scripts.reduce((sum, p) => sum + fs.statSync(path.join(WEB_DIST, `${p}.gz`)).size, 0);
      assert.ok(jsGzip <= 100_000, `first page JS ${jsGzip} bytes gzip (budget 100 kB)`);
      // The session, the week's bookings, and the employee's days with their projects (docs/web-app.md: budget 3).
      assert.ok(api.length <= 3, `${api.length} API requests to show a week: ${api.join(' ')}`);
      // The session ended elsewhere (here: by the API's administrator): the next read leads back to signing in.
      const admin = t().client(demo.tenant, demo.token);
      const sessions = (await admin.get('/sessions')).body.data.filter((x: any) => x.employee_id === user.username);
      assert.ok(sessions.length > 0);
      for (const x of sessions) assert.equal((await admin.delete(`/sessions/${x.id}`)).status, 204);
      await page.click('.week-nav button:last-child');
      await page.waitForSelector('#instance');
      assert.equal(await page.$eval('#instance', (e) => (e as HTMLInputElement).value), instance);
      assert.equal(new URL(page.url()).pathname, '/');
      process.stderr.write(
        `[web app ${t().dialect}] week shown ${loadMs} ms after a reload (warm); JS ${jsGzip} bytes gzip; ` +
          `${api.length} API requests: ${api.map((p) => p.replace(/^\/[^/]+\/next\/api\/v1/, '')).join(' ')}\n`,
      );
    } catch (e) {
      process.stderr.write(`page at ${page.url()}:\n${await page.evaluate(() => document.body.innerText)}\n`);
      throw e;
    } finally {
      await context.close();
    }
  });

  test('on a phone (375 px) the week is filled with the keyboard alone; no serious accessibility violation', async () => {
    const context = await browser().createBrowserContext();
    const page = await context.newPage();
    await page.setBypassCSP(true);
    await page.setViewport({ width: 375, height: 812, isMobile: true, hasTouch: true, deviceScaleFactor: 1 });
    try {
      const who = demo.signIns.find((s) => s.username === "o'brien.j")!;
      await page.goto(`${base}/`);
      await page.waitForSelector('#instance');
      assert.deepEqual(await axeViolations(page), [], 'sign-in page on a phone');
      if (SHOTS) await page.screenshot({ path: `${SHOTS}/web-sign-in-phone.png` as `${string}.png` });
      // Keyboard only from here: Tab through the page, type, Enter.
      await tabTo(page, 'instance');
      await page.keyboard.type(instance);
      await page.keyboard.press('Tab');
      await page.keyboard.type(who.username);
      await page.keyboard.press('Tab');
      await page.keyboard.type(who.password);
      await page.keyboard.press('Enter');
      await page.waitForSelector('.days');
      const monday = addDays(NEXT_MONDAY, 7);
      await page.goto(`${base}/week/${monday}`);
      await page.waitForSelector('.days');
      for (let day = 0; day < 5; day++) {
        const date = addDays(monday, day);
        await tabTo(page, `add-${date}`);
        await page.keyboard.press('Enter');
        await page.waitForSelector(`${dayOf(date)} form input[name=from]:focus`);
        await page.keyboard.type('8');
        await page.keyboard.press('Tab');
        await page.keyboard.type('16:30');
        await page.keyboard.press('Tab');
        await typeInto(page, 'project_id', 'Projekt 1002');
        await page.keyboard.press('Tab');
        await typeInto(page, 'project_task_id', 'Umsetzung');
        await page.keyboard.press('Tab');
        await typeInto(page, 'activity_id', 'be');
        await page.keyboard.press('Tab');
        await page.keyboard.type(`Day ${day + 1}`);
        await page.keyboard.press('Enter');
        await page.waitForSelector(`${dayOf(date)} li.booking`);
      }
      assert.equal(await page.$eval('#week-total', (e) => e.textContent), '42.5 h');
      assert.deepEqual(await axeViolations(page), [], 'week page on a phone');
      // Nothing is wider than the phone's screen.
      assert.ok(await page.evaluate(() => document.documentElement.scrollWidth <= 375), 'no horizontal scrolling');
      await tabTo(page, `add-${addDays(monday, 1)}`);
      await page.keyboard.press('Enter');
      await page.waitForSelector(`${dayOf(addDays(monday, 1))} form input[name=from]:focus`);
      if (SHOTS) await page.screenshot({ path: `${SHOTS}/web-week-phone.png` as `${string}.png`, fullPage: true });
      await page.keyboard.press('Escape');
      // German, remembered for this user across a reload.
      await page.select('.lang select', 'de');
      assert.equal(await page.$eval('h1', (e) => e.textContent), 'Meine Woche');
      await page.reload();
      await page.waitForSelector('.days');
      assert.equal(await page.$eval('h1', (e) => e.textContent), 'Meine Woche');
      assert.equal(await page.$eval(`${dayOf(monday)} h2 span`, (e) => e.textContent?.split(',')[0]), 'Montag');
      assert.equal(
        await page.evaluate((key) => localStorage.getItem(key), `zk.lang:${instance}:${who.username}`),
        'de',
      );
      const stored = await t()
        .client(demo.tenant, demo.token)
        .get(
          `/attendances?employee_id=${encodeURIComponent(who.username)}&start_date=${monday}&end_date=${addDays(monday, 6)}`,
        );
      assert.equal(stored.body.data.length, 5);
      assert.ok(stored.body.data.every((b: any) => b.from === '08:00:00' && b.to === '16:30:00' && b.project_id === 2));
    } catch (e) {
      process.stderr.write(`page at ${page.url()}:\n${await page.evaluate(() => document.body.innerText)}\n`);
      throw e;
    } finally {
      await context.close();
    }
  });
});
