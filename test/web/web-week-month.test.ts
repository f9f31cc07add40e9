// My week's facts and copies and My month (docs/web-app.md) in headless Chromium, on each database: a demo User's
// month shows a missing day highlighted and the balance chart in three API requests; their week shows the target
// hours, a holiday, an absence and a locked day (closed month) that offers no booking, in three API requests; they
// copy a day, copy the previous week (a refusal shown per booking) and duplicate a booking. axe-core finds no serious
// or critical violation on either page, desktop and 375 px. ZK_WEB_SCREENSHOTS=<folder> saves web-week-* and
// web-month-* of docs/images.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import type { BrowserContext, Page } from 'puppeteer-core';
import { createDemoTenantAs, type DemoSignIn } from '../../src/demo/index.js';
import { forEachDialect, uniqueName, type Client } from '../support/app.js';
import {
  addDays,
  axeViolations,
  servedPage,
  texts,
  dayOf,
  iso,
  browserOfFile,
  mondayOf,
  SHOTS,
  signIn,
} from './support.js';

const now = iso(new Date());
const thisMonth = now.slice(0, 7);
/** The last day of the previous month: its month is closed for the User in the week test. */
const LAST_OF_PREVIOUS = addDays(`${thisMonth}-01`, -1);
const PREVIOUS_MONTH = LAST_OF_PREVIOUS.slice(0, 7);
/** Weeks far enough ahead that the demo has nothing in them (moved on past public holidays in `before`). */
let AHEAD = addDays(mondayOf(now), 5 * 7);

const browser = browserOfFile();

forEachDialect('My week’s facts and copies, My month', (t) => {
  let base: string;
  let instance: string;
  let user: DemoSignIn;
  let admin: Client;
  let context: BrowserContext;
  let page: Page;
  const api: string[] = [];
  before(async () => {
    instance = uniqueName('webm');
    const demo = await createDemoTenantAs(t().database.db, t().dialect, instance);
    user = demo.signIns.find((s) => s.username === 'max.mustermann')!;
    admin = t().client(demo.tenant, demo.token);
    // Three weeks without a public holiday on a working day: the journeys book on their Mondays and Tuesdays.
    for (;;) {
      const r = await admin.get(`/employees/${user.username}/days?start_date=${AHEAD}&end_date=${addDays(AHEAD, 20)}`);
      if (!r.body.data.days.some((d: any) => d.holiday && d.scheduled_hours > 0)) break;
      AHEAD = addDays(AHEAD, 7);
    }
    ({ base, context, page } = await servedPage(t().app, browser()));
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
  const days = async (from: string, to: string) =>
    (await admin.get(`/employees/${user.username}/days?start_date=${from}&end_date=${to}`)).body.data.days;
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

  test('My month: booked against target per day, a missing day highlighted, the balance chart; 3 requests', async () => {
    try {
      // A past working day of the previous month without bookings: delete the demo's bookings of one.
      const month = await days(`${PREVIOUS_MONTH}-01`, LAST_OF_PREVIOUS);
      const day = month.find((d: any) => d.target_hours > 0 && d.absences.length === 0 && !d.holiday);
      assert.ok(day, 'the previous month has a working day');
      const booked = await admin.get(
        `/attendances?employee_id=${user.username}&start_date=${day.date}&end_date=${day.date}`,
      );
      for (const b of booked.body.data) assert.equal((await admin.delete(`/attendances/${b.id}`)).status, 204);

      const requests = await load(`${base}/month/${PREVIOUS_MONTH}`, '.calendar td.cal-day');
      assert.ok(requests.length <= 3, `${requests.length} API requests to show a month: ${requests.join(' ')}`);
      process.stderr.write(`[web month ${t().dialect}] ${requests.length} API requests: ${requests.join(' ')}\n`);
      assert.equal(await page.$eval('h1', (e) => e.textContent), 'My month');
      const cell = `td[data-date="${day.date}"]`;
      assert.ok(await page.$(`${cell}.missing`), `${day.date} is highlighted as missing`);
      assert.match(await page.$eval(cell, (e) => (e as HTMLElement).innerText), /missing/);
      assert.match(await page.$eval('#month-missing', (e) => e.textContent!), /without bookings/);
      assert.ok(await page.$('svg.balance-chart rect'), 'the balance chart');
      assert.equal(await page.$$eval('svg.balance-chart rect', (r) => r.length), 6);
      assert.deepEqual(await axeViolations(page), [], 'month page');
      if (SHOTS) await page.screenshot({ path: `${SHOTS}/web-month-desktop.png`, fullPage: true });
      // A day of the calendar leads to its week; German names the page.
      await page.click(`${cell} a`);
      await page.waitForSelector(`${dayOf(day.date)}`);
      await page.goto(`${base}/month/${PREVIOUS_MONTH}`);
      await page.waitForSelector('.calendar td.cal-day');
      await page.select('.lang select', 'de');
      assert.equal(await page.$eval('h1', (e) => e.textContent), 'Mein Monat');
      assert.match(await page.$eval(cell, (e) => (e as HTMLElement).innerText), /fehlt/);
      await page.select('.lang select', 'en');

      await page.setViewport({ width: 375, height: 812, isMobile: true, hasTouch: true, deviceScaleFactor: 1 });
      await page.reload();
      await page.waitForSelector('svg.balance-chart');
      assert.deepEqual(await axeViolations(page), [], 'month page on a phone');
      if (SHOTS) await page.screenshot({ path: `${SHOTS}/web-month-phone.png`, fullPage: true });
      const wide = await page.evaluate(() =>
        [...document.querySelectorAll('body *')]
          .filter((e) => e.getBoundingClientRect().right > 375.5)
          .map((e) => `${e.tagName}.${e.className}`)
          .slice(0, 5),
      );
      assert.ok(await page.evaluate(() => document.documentElement.scrollWidth <= 375), `wider than 375: ${wide}`);
      await page.setViewport({ width: 1280, height: 800 });
    } catch (e) {
      await onFailure(e);
    }
  });

  test('My week: target hours, a holiday, an absence and a locked day that offers no booking; 3 requests', async () => {
    try {
      // A holiday on Wednesday and an absence on Tuesday of a week ahead; the previous month closed for the User.
      const wednesday = addDays(AHEAD, 2);
      const tuesday = addDays(AHEAD, 1);
      const calendar = (await admin.get('/holiday-calendars')).body.data[0];
      const holiday = await admin.post(`/holiday-calendars/${calendar.id}/holidays`, {
        date: wednesday,
        name: 'Test holiday',
      });
      assert.equal(holiday.status, 201, holiday.text);
      const absence = await admin.post('/absences', {
        employee_id: user.username,
        absence_reason_id: 'KR',
        start_date: tuesday,
      });
      assert.equal(absence.status, 201, absence.text);
      const closing = await admin.post('/month-closings', { month: PREVIOUS_MONTH, employee_id: user.username });
      assert.equal(closing.status, 201, closing.text);

      const requests = await load(`${base}/week/${AHEAD}`, `${dayOf(wednesday)} .holiday`);
      assert.ok(requests.length <= 3, `${requests.length} API requests to show a week: ${requests.join(' ')}`);
      // The targets as the API counts them (the week ahead may hold public holidays too).
      const week = await days(AHEAD, addDays(AHEAD, 6));
      assert.deepEqual(
        await page.$$eval('li.day .day-target', (e) => e.map((x) => x.textContent)),
        week.map((d: any) => ` / ${d.target_hours} h`),
      );
      assert.equal(week[1].target_hours, 0, 'absent');
      assert.equal(week[2].target_hours, 0, 'holiday');
      const target = week.reduce((sum: number, d: any) => sum + d.target_hours, 0);
      assert.equal(await page.$eval('#week-target', (e) => e.textContent), `${target} h`);
      assert.deepEqual(await texts(page, `${dayOf(wednesday)} .facts li`), ['Holiday: Test holiday']);
      assert.deepEqual(await texts(page, `${dayOf(tuesday)} .facts li`), ['Absent: KR']);

      // The week of the closed month's last day: that day is locked, with the reason, and offers no booking.
      await page.goto(`${base}/week/${LAST_OF_PREVIOUS}`);
      await page.waitForSelector(`${dayOf(LAST_OF_PREVIOUS)} .locked-reason`);
      assert.match(
        await page.$eval(`${dayOf(LAST_OF_PREVIOUS)} .locked-reason`, (e) => e.textContent!),
        new RegExp(`Locked: The month ${PREVIOUS_MONTH} is closed for max.mustermann`),
      );
      assert.equal(await page.$(`#add-${LAST_OF_PREVIOUS}`), null, 'no booking on a locked day');
      assert.equal(await page.$(`${dayOf(LAST_OF_PREVIOUS)} [id^=edit-]`), null, 'no edit on a locked day');
      const firstOfThis = `${thisMonth}-01`;
      if (mondayOf(firstOfThis) === mondayOf(LAST_OF_PREVIOUS))
        assert.ok(await page.$(`#add-${firstOfThis}`), 'the next month stays open');
      assert.deepEqual(await axeViolations(page), [], 'week page with locked days');
      if (SHOTS) await page.screenshot({ path: `${SHOTS}/web-week-locked-desktop.png`, fullPage: true });
      await page.goto(`${base}/week/${AHEAD}`);
      await page.waitForSelector(`${dayOf(wednesday)} .holiday`);
      if (SHOTS) await page.screenshot({ path: `${SHOTS}/web-week-facts-desktop.png`, fullPage: true });
      await page.setViewport({ width: 375, height: 812, isMobile: true, hasTouch: true, deviceScaleFactor: 1 });
      await page.reload();
      await page.waitForSelector(`${dayOf(wednesday)} .holiday`);
      assert.deepEqual(await axeViolations(page), [], 'week page on a phone');
      assert.ok(await page.evaluate(() => document.documentElement.scrollWidth <= 375), 'no horizontal scrolling');
      if (SHOTS) await page.screenshot({ path: `${SHOTS}/web-week-facts-phone.png`, fullPage: true });
      await page.setViewport({ width: 1280, height: 800 });
    } catch (e) {
      await onFailure(e);
    }
  });

  test('copy a day, copy the previous week (a refusal shown per booking), duplicate a booking', async () => {
    try {
      const monday = addDays(AHEAD, 7);
      const task = (await admin.get('/projects/1/tasks')).body.data[0].id;
      const book = (date: string, from: string, to: string, note: string) =>
        admin.post('/attendances', {
          employee_id: user.username,
          date,
          from,
          to,
          project_id: 1,
          project_task_id: task,
          activity_id: 'be',
          note,
        });
      for (const [from, to, note] of [
        ['08:00', '12:00', 'Morning'],
        ['13:00', '15:00', 'Afternoon'],
      ])
        assert.equal((await book(monday, from!, to!, note!)).status, 201);

      // Copy Monday to Tuesday with the keyboard: the date, Enter.
      await page.goto(`${base}/week/${monday}`);
      await page.waitForSelector(`#copy-${monday}`);
      await page.click(`#copy-${monday}`);
      await page.waitForSelector(`#copy-to-${monday}:focus`);
      assert.equal(await page.$eval(`#copy-to-${monday}`, (e) => (e as HTMLInputElement).value), addDays(monday, 1));
      await page.keyboard.press('Enter');
      await page.waitForFunction(
        (sel) => document.querySelectorAll(sel).length === 2,
        {},
        `${dayOf(addDays(monday, 1))} li.booking`,
      );
      assert.match(await page.$eval('#report-title', (e) => e.textContent!), /2 of 2 bookings copied/);
      assert.deepEqual(await texts(page, `${dayOf(addDays(monday, 1))} li.booking .time`), [
        '08:00–12:00',
        '13:00–15:00',
      ]);

      // Duplicate Tuesday's first booking: the form opens after it (12:00–16:00), which overlaps; fixed, saved.
      const tuesday = addDays(monday, 1);
      const [firstId] = await page.$$eval(`${dayOf(tuesday)} li.booking`, (rows) =>
        rows.map((r) => (r as HTMLElement).dataset.id!),
      );
      await page.click(`#duplicate-${firstId}`);
      await page.waitForSelector(`${dayOf(tuesday)} form input[name=from]:focus`);
      assert.equal(
        await page.$eval(`${dayOf(tuesday)} form input[name=from]`, (e) => (e as HTMLInputElement).value),
        '12:00',
      );
      assert.equal(
        await page.$eval(`${dayOf(tuesday)} form input[name=note]`, (e) => (e as HTMLInputElement).value),
        'Morning',
      );
      await page.keyboard.press('Enter');
      await page.waitForSelector(`${dayOf(tuesday)} form .field.invalid .error`);
      assert.match(await page.$eval(`${dayOf(tuesday)} form .field.invalid .error`, (e) => e.textContent!), /overlap/i);
      await page.$eval(`${dayOf(tuesday)} form input[name=from]`, (e) => ((e as HTMLInputElement).value = ''));
      await page.type(`${dayOf(tuesday)} form input[name=from]`, '15:00');
      await page.$eval(`${dayOf(tuesday)} form input[name=to]`, (e) => ((e as HTMLInputElement).value = ''));
      await page.type(`${dayOf(tuesday)} form input[name=to]`, '17:00');
      await page.keyboard.press('Enter');
      await page.waitForFunction(
        (sel) => document.querySelectorAll(sel).length === 3,
        {},
        `${dayOf(tuesday)} li.booking`,
      );
      assert.match((await texts(page, `${dayOf(tuesday)} li.booking`))[2]!, /15:00–17:00 .* Morning 2 h/);

      // Copy the previous week into the next: Monday's and Tuesday's bookings land a week later; one refused
      // because that day already holds an overlapping booking.
      const next = addDays(monday, 7);
      assert.equal((await book(next, '09:00', '10:00', 'Already there')).status, 201);
      await page.goto(`${base}/week/${next}`);
      await page.waitForSelector(`${dayOf(next)} li.booking`);
      await page.click('button.copy-week');
      await page.waitForSelector('#report-title');
      assert.match(await page.$eval('#report-title', (e) => e.textContent!), /4 of 5 bookings copied/);
      const refused = await texts(page, '.report .refused');
      assert.equal(refused.length, 1);
      assert.match(refused[0]!, /08:00–12:00 .*overlap/i);
      await page.waitForFunction(
        (sel) => document.querySelectorAll(sel).length === 3,
        {},
        `${dayOf(addDays(next, 1))} li.booking`,
      );
      assert.equal((await texts(page, `${dayOf(next)} li.booking`)).length, 2);
      assert.deepEqual(await axeViolations(page), [], 'week page after a copy');
      if (SHOTS) await page.screenshot({ path: `${SHOTS}/web-week-copy-desktop.png`, fullPage: true });
      const stored = await admin.get(
        `/attendances?employee_id=${user.username}&start_date=${next}&end_date=${addDays(next, 6)}`,
      );
      assert.equal(stored.body.data.length, 5);
    } catch (e) {
      await onFailure(e);
    }
  });
});
