// Team calendar (docs/web-app.md "Team calendar") in headless Chromium, on each database: a colleague's sick day
// shows with its reason to an Administrator and as "absent" without it to a User with extended rights (the reason
// appears nowhere on their page); requests not yet approved are marked; a plain User is told the calendar is not
// theirs; axe-core finds no serious or critical violation, desktop and 375 px; German names the page.
// ZK_WEB_SCREENSHOTS=<folder> saves web-team-* of docs/images.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { forEachDialect } from '../support/app.js';
import {
  addDays,
  axeViolations,
  browserOfFile,
  checkOnPhone,
  iso,
  SHOTS,
  signIn,
  webDemo,
  type WebDemo,
} from './support.js';

const browser = browserOfFile();
/** Two months ahead: the demo's own absences are elsewhere. */
const MONTH = addDays(`${addDays(`${iso(new Date()).slice(0, 7)}-01`, 70).slice(0, 7)}-01`, 0).slice(0, 7);

forEachDialect('Team calendar page', (t) => {
  let w: WebDemo;
  /** A working day of MONTH on which max is sick, and another on which he has asked for leave. */
  let sick: string;
  let asked: string;
  before(async () => {
    w = await webDemo(t(), 'webt', browser());
    const days = (
      await w.admin.get(`/employees/${w.user.username}/days?start_date=${MONTH}-01&end_date=${MONTH}-28`)
    ).body.data.days.filter((d: any) => d.target_hours > 0 && !d.holiday && d.absences.length === 0);
    [sick, asked] = [days[2].date, days[6].date];
    for (const [reason, date, status] of [
      ['KR', sick, undefined],
      ['UB', asked, 'pending'],
    ] as const) {
      const r = await w.admin.post('/absences', {
        employee_id: w.user.username,
        absence_reason_id: reason,
        start_date: date,
        ...(status ? { approval_status: status } : {}),
      });
      assert.equal(r.status, 201, r.text);
    }
  });
  after(async () => {
    await w?.context.close();
  });
  const cell = (date: string) => `tr[data-employee="max.mustermann"] td[data-date="${date}"]`;

  test('an Administrator sees the reason; German; phone', async () => {
    const { page, base, instance, adminSignIn } = w;
    await signIn(page, base, instance, adminSignIn);
    await page.waitForSelector('.days');
    await page.click('nav.pages a[href="/team"]');
    await page.waitForSelector('.team-grid tbody tr[data-employee]');
    await page.goto(`${base}/team/${MONTH}`);
    await page.waitForSelector(cell(sick));
    assert.equal(await page.$eval(`${cell(sick)} [aria-hidden]`, (e) => e.textContent), 'KR');
    assert.match(await page.$eval(cell(sick), (e) => e.className), /away/);
    assert.match(await page.$eval(cell(asked), (e) => e.className), /pending/, 'a request, not yet approved');
    assert.ok((await page.$$('.team-grid tbody tr[data-employee]')).length >= 4, 'every employee has a row');
    assert.deepEqual(await axeViolations(page), [], 'team calendar');
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/web-team-desktop.png` });
    await page.select('.lang select', 'de');
    assert.equal(await page.$eval('h1', (e) => e.textContent), 'Teamkalender');
    await page.select('.lang select', 'en');
    await checkOnPhone(page, '.team-grid', 'web-team-phone', false);
  });

  test('a User with extended rights sees the sick day as absent, without its reason; a User sees nothing', async () => {
    const { base, instance, admin, user } = w;
    // O'Brien works in max's department; with extended rights they read its absence calendar.
    const demo = (await admin.get('/employees?limit=200')).body.data;
    const colleague = demo.find((e: any) => e.username === "o'brien.j");
    assert.equal(
      (
        await admin.patch(`/employees/${encodeURIComponent(colleague.username)}`, {
          rights: 3,
          password: 'Colleague-Pass-1',
        })
      ).status,
      200,
    );
    for (const [who, password, sees] of [
      [colleague.username, 'Colleague-Pass-1', true],
      [user.username, user.password, false],
    ] as const) {
      const context = await browser().createBrowserContext();
      const page = await context.newPage();
      await page.setBypassCSP(true); // axe-core is injected as an inline script
      try {
        await signIn(page, base, instance, { username: who, password, role: '' });
        await page.waitForSelector('.days');
        assert.equal(!!(await page.$('nav.pages a[href="/team"]')), sees, `${who}: the link`);
        await page.goto(`${base}/team/${MONTH}`);
        if (!sees) {
          await page.waitForSelector('[role=alert]');
          assert.equal(await page.$('.team-grid'), null);
          continue;
        }
        await page.waitForSelector(cell(sick));
        assert.equal(await page.$eval(`${cell(sick)} [aria-hidden]`, (e) => e.textContent), '•');
        assert.match(await page.$eval(`${cell(sick)} .sr-only`, (e) => e.textContent!), /^Absent/);
        assert.doesNotMatch(
          await page.$eval('.team-grid tbody', (e) => e.textContent!),
          /KR/,
          'the sick day’s reason appears nowhere',
        );
        assert.deepEqual(await axeViolations(page), [], 'team calendar, extended rights');
      } finally {
        await context.close();
      }
    }
  });
});
