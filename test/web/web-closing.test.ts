// Month closing (docs/web-app.md "Month closing") in headless Chromium, on each database: an Administrator sees
// every employee of last month with the booked and target hours the API gives, closes the month for two selected
// employees, reopens it for one, closes and reopens it for everyone — each checked through the API, and a closed
// employee's days locked; axe-core finds no serious or critical violation, desktop and 375 px; German names the
// page. A User opening the page is told it is not theirs and sees no one's hours.
// ZK_WEB_SCREENSHOTS=<folder> saves web-closing-* of docs/images.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { forEachDialect } from '../support/app.js';
import {
  addDays,
  axeViolations,
  checkOnPhone,
  webDemo,
  type WebDemo,
  browserOfFile,
  iso,
  SHOTS,
  signIn,
  texts,
} from './support.js';

const browser = browserOfFile();
const PREVIOUS = addDays(`${iso(new Date()).slice(0, 7)}-01`, -1).slice(0, 7);

forEachDialect('Month closing page', (t) => {
  let w: WebDemo;
  before(async () => {
    w = await webDemo(t(), 'webc', browser());
  });
  after(async () => {
    await w?.context.close();
  });
  const closings = async () =>
    (await w.admin.get(`/month-closings?month=${PREVIOUS}`)).body.data
      .map((c: any) => c.employee_id ?? 'everyone')
      .sort();
  const row = (username: string) => `tr[data-employee="${username}"]`;
  /** Clicks and waits for the page's status line to say it is done. */
  async function act(selector: string, done: string) {
    await w.page.click(selector);
    await w.page.waitForFunction((text) => document.querySelector('[role=status]')?.textContent === text, {}, done);
    await w.page.waitForFunction(() => !document.querySelector('.closing-actions button:disabled.primary'));
  }

  test('an Administrator closes last month for two, reopens one, closes and reopens it for everyone', async () => {
    const { page, base, instance, admin, adminSignIn, user } = w;
    try {
      await signIn(page, base, instance, adminSignIn);
      await page.waitForSelector('.days');
      // The app bar offers the page to an Administrator; the page opens at the current month.
      await page.click('nav.pages a[href="/closing"]');
      await page.waitForSelector('.closing-table tbody tr');
      await page.goto(`${base}/closing/${PREVIOUS}`);
      await page.waitForSelector('.closing-table tbody tr');
      const overview = (await admin.get(`/month-closings/overview?month=${PREVIOUS}`)).body.data;
      assert.equal((await texts(page, '.closing-table tbody tr')).length, overview.employees.length);
      const max = overview.employees.find((e: any) => e.employee_id === user.username);
      const cells = await texts(page, `${row(user.username)} td`);
      assert.match(cells[1]!, new RegExp(`^${String(max.booked_hours).replace('.', '\\.')}\\b`), cells.join(' | '));
      assert.match(cells[2]!, new RegExp(`^${String(max.target_hours).replace('.', '\\.')}\\b`), cells.join(' | '));
      assert.deepEqual(await axeViolations(page), [], 'closing page');

      const other = overview.employees.find((e: any) => e.employee_id !== user.username).employee_id;
      await page.click(`${row(user.username)} input[type=checkbox]`);
      await page.click(`${row(other)} input[type=checkbox]`);
      await act('.closing-actions button:not(.primary)', 'Closed.');
      assert.deepEqual(await closings(), [user.username, other].sort());
      const days = (
        await admin.get(`/employees/${user.username}/days?start_date=${PREVIOUS}-01&end_date=${PREVIOUS}-03`)
      ).body.data.days;
      assert.ok(
        days.every((d: any) => d.locked?.rule === 'closed_month'),
        'their days are locked',
      );
      assert.match((await texts(page, `${row(user.username)} .state`))[0]!, /Closed/);
      if (SHOTS) await page.screenshot({ path: `${SHOTS}/web-closing-desktop.png`, fullPage: true });

      await act(`${row(user.username)} .state button`, 'Reopened.');
      assert.deepEqual(await closings(), [other]);
      await act('.closing-actions button.primary', 'Closed.');
      assert.deepEqual(await closings(), ['everyone', other].sort());
      assert.equal(await page.$eval('.closed-all', (e) => e.textContent), 'Closed for everyone.');
      assert.equal(await page.$eval(`${row(user.username)} input[type=checkbox]`, (e) => e.disabled), true);
      await act('.closing-actions button', 'Reopened.');
      assert.deepEqual(await closings(), [other]);

      // The timesheet review: an employee's month as they see it, with the bookings.
      await page.click(`${row(user.username)} th a`);
      await page.waitForSelector('.month-bookings tbody tr');
      assert.equal(await page.$eval('h1', (e) => e.textContent), `Timesheet of ${user.username}`);
      assert.match(await page.$eval('#month-booked', (e) => e.textContent!), new RegExp(`^${max.booked_hours}\\b`));
      const booked = await admin.get(
        `/attendances?employee_id=${user.username}&start_date=${PREVIOUS}-01&end_date=${PREVIOUS}-31&limit=200`,
      );
      const lines = await texts(page, '.month-bookings tbody tr');
      assert.equal(lines.length, booked.body.data.length);
      const first = booked.body.data.map((b: any) => b.date.slice(0, 10)).sort()[0];
      assert.match(lines[0]!, new RegExp(`^\\D*${Number(first.slice(8))}\\b`), `the first booking's day: ${lines[0]}`);
      assert.equal(await page.$('.calendar td.cal-day a'), null, 'no links into someone else’s weeks');
      assert.deepEqual(await axeViolations(page), [], 'timesheet page');
      if (SHOTS) await page.screenshot({ path: `${SHOTS}/web-timesheet-desktop.png` });
      await checkOnPhone(page, '.month-bookings tbody tr', 'web-timesheet-phone', false);
      await page.goBack();
      await page.waitForSelector('.closing-table tbody tr');

      await page.select('.lang select', 'de');
      assert.equal(await page.$eval('h1', (e) => e.textContent), 'Monatsabschluss');
      await page.select('.lang select', 'en');
      await checkOnPhone(page, '.closing-table tbody tr', 'web-closing-phone');
    } catch (e) {
      process.stderr.write(`page at ${page.url()}:\n${await page.evaluate(() => document.body.innerText)}\n`);
      throw e;
    }
  });

  test('a User is told the page is not theirs and sees no one’s hours', async () => {
    const { page, base, instance, admin, adminSignIn, user } = w;
    const own = await browser().createBrowserContext();
    const mine = await own.newPage();
    try {
      await signIn(mine, base, instance, user);
      await mine.waitForSelector('.days');
      assert.equal(await mine.$('nav.pages a[href="/closing"]'), null, 'no Month closing in a User’s app bar');
      await mine.goto(`${base}/closing/${PREVIOUS}`);
      await mine.waitForSelector('[role=alert]');
      assert.match(await mine.$eval('[role=alert]', (e) => e.textContent!), /Controllers and Administrators/);
      assert.equal(await mine.$('.closing-table'), null);
      await mine.goto(`${base}/timesheet/${adminSignIn.username}/${PREVIOUS}`);
      await mine.waitForSelector('[role=alert]');
      assert.match(await mine.$eval('[role=alert]', (e) => e.textContent!), /not one your rights include/);
      assert.equal(await mine.$('.calendar'), null, 'no one else’s days');
      assert.equal(await mine.$('.month-bookings tbody tr'), null, 'no one else’s bookings');
    } catch (e) {
      process.stderr.write(`page at ${mine.url()}:\n${await mine.evaluate(() => document.body.innerHTML)}\n`);
      throw e;
    } finally {
      await own.close();
    }
  });
});
