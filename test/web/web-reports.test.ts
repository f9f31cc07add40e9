// The Reports page (docs/web-app.md "Reports") in headless Chromium, on each database: an Administrator builds a
// report of weeks × projects over two weeks that only the test's bookings fill — one row per group, a bar stack per
// group, the legend largest first, totals and amounts; the address reopens the same report; the XLSX download holds
// the same rows; the print layout hides the form and the app bar; German names; axe-core finds no serious or critical
// violation, desktop and 375 px. A User opening the same address sees only their own hours and no money.
// ZK_WEB_SCREENSHOTS=<folder> saves web-reports-* of docs/images.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import ExcelJS from 'exceljs';
import { forEachDialect } from '../support/app.js';
import {
  addDays,
  axeViolations,
  checkOnPhone,
  webDemo,
  type WebDemo,
  texts,
  iso,
  browserOfFile,
  mondayOf,
  SHOTS,
  signIn,
} from './support.js';

const browser = browserOfFile();

forEachDialect('Reports page', (t) => {
  let w: WebDemo;
  /** Two weeks far enough ahead that the demo has no bookings in them. */
  const FROM = addDays(mondayOf(iso(new Date())), 9 * 7);
  const TO = addDays(FROM, 13);
  const projectNames: string[] = [];
  before(async () => {
    w = await webDemo(t(), 'webr', browser());
    const { admin, user, adminSignIn } = w;
    // The User's two first projects: 2 + 4 hours on the first, 3 + 1 on the second, one booking per week each;
    // the Administrator books 2 hours of their own on the first.
    const days = (await admin.get(`/employees/${user.username}/days?start_date=${FROM}&end_date=${TO}`)).body.data;
    const workdays = days.days.filter((d: any) => d.target_hours > 0 && !d.holiday).map((d: any) => d.date);
    const [first, second] = days.projects;
    projectNames.push(first.name, second.name);
    const book = async (employee: string, project: any, date: string, from: string, to: string) => {
      const task = (await admin.get(`/projects/${project.id}/tasks`)).body.data[0]?.id ?? null;
      const r = await admin.post('/attendances', {
        employee_id: employee,
        date,
        from,
        to,
        project_id: project.id,
        project_task_id: task,
        activity_id: 'be',
      });
      assert.equal(r.status, 201, r.text);
    };
    const [w1, w2] = [
      workdays.find((d: string) => d < addDays(FROM, 7)),
      workdays.find((d: string) => d >= addDays(FROM, 7)),
    ];
    await book(user.username, first, w1, '08:00', '10:00');
    await book(user.username, second, w1, '10:00', '13:00');
    await book(user.username, first, w2, '08:00', '12:00');
    await book(user.username, second, w2, '12:00', '13:00');
    const assigned = await admin.post(`/projects/${first.id}/employees`, { employee_id: adminSignIn.username });
    assert.ok([201, 422].includes(assigned.status), assigned.text);
    await book(adminSignIn.username, first, w1, '08:00', '10:00');
  });
  after(async () => {
    await w?.context.close();
  });
  const onFailure = async (e: unknown) => {
    process.stderr.write(`page at ${w.page.url()}:\n${await w.page.evaluate(() => document.body.innerText)}\n`);
    throw e;
  };

  test('an Administrator: weeks × projects, chart, totals, the link, XLSX, print; German; phone', async () => {
    const { page, base, instance, admin, adminSignIn, user } = w;
    try {
      await signIn(page, base, instance, adminSignIn);
      await page.waitForSelector('.days');
      await page.click('nav.pages a[href="/reports"]');
      await page.waitForSelector('.report-form');
      // Build the report with the form: the period, bars by week, split by project.
      for (const [id, value] of [
        ['report-start_date', FROM],
        ['report-end_date', TO],
      ] as const)
        await page.$eval(
          `#${id}`,
          (e, v) => {
            const input = e as HTMLInputElement;
            input.value = v;
            input.dispatchEvent(new Event('input', { bubbles: true }));
          },
          value,
        );
      await page.select('#report-by', 'week');
      await page.select('#report-split', 'project');
      await page.click('.report-form button[type=submit]');
      await page.waitForFunction(
        (from) => document.querySelector('#report-heading')?.textContent?.includes(from),
        {},
        FROM,
      );
      // The chart and the table of the new report (a report being fetched again shows neither).
      await page.waitForFunction(() => document.querySelectorAll('.report-chart svg rect').length > 0);
      const rows = await texts(page, '.report-table tbody tr');
      assert.equal(rows.length, 4, rows.join('\n'));
      assert.equal(await page.$$eval('.report-chart svg rect', (r) => r.length), 4, 'one stack per group');
      assert.deepEqual(await texts(page, '.chart-legend li'), projectNames, 'the legend, largest first');
      const foot = (await texts(page, '.report-table tfoot tr'))[0]!;
      assert.match(foot, /^Total 12\.00 /, foot);
      assert.ok(await page.$('th:nth-child(5)'), 'an amount column for an Administrator');
      assert.equal(await page.$eval('.report-table thead th:nth-child(5)', (e) => e.textContent), 'Amount');
      const url = page.url();
      assert.match(url, /\/reports\?group_by=week%2Cproject&start_date=/);
      assert.deepEqual(await axeViolations(page), [], 'reports page');
      if (SHOTS) await page.screenshot({ path: `${SHOTS}/web-reports-desktop.png`, fullPage: true });

      // The address reopens the same report.
      await page.goto('about:blank');
      await page.goto(url);
      await page.waitForSelector('.report-table tbody tr');
      assert.deepEqual(await texts(page, '.report-table tbody tr'), rows);

      // The XLSX download: the same rows and a totals row, numbers as numbers.
      // The link the XLSX button downloads, fetched as the browser does (the session's cookie authorises it).
      const link = '.report-actions a[href*="format=xlsx"]';
      assert.equal(await page.$eval(link, (a) => a.hasAttribute('download')), true);
      const file = await page.$eval(link, async (a) => {
        const r = await fetch((a as HTMLAnchorElement).href);
        const bytes = new Uint8Array(await r.arrayBuffer());
        return { status: r.status, type: r.headers.get('content-type'), bytes: [...bytes] };
      });
      assert.equal(file.status, 200);
      assert.match(file.type ?? '', /spreadsheetml/);
      const book = new ExcelJS.Workbook();
      await book.xlsx.load(new Uint8Array(file.bytes).buffer);
      const sheet = book.worksheets[0]!;
      const values = sheet.getSheetValues().filter(Boolean) as unknown[][];
      const hoursColumn = (values[0] as string[]).findIndex((h) => h === 'hours');
      assert.ok(hoursColumn > 0, `an hours column: ${JSON.stringify(values[0])}`);
      assert.equal(values.length, 1 + 4 + 1, 'header, 4 rows, totals');
      assert.equal(values.at(-1)![hoursColumn], 12);

      // The print layout: neither the app bar nor the form nor the buttons.
      await page.emulateMediaType('print');
      for (const hidden of ['.bar', '.report-form', '.report-actions'])
        assert.equal(await page.$eval(hidden, (e) => getComputedStyle(e).display), 'none', hidden);
      assert.notEqual(await page.$eval('.report-table', (e) => getComputedStyle(e).display), 'none');
      await page.emulateMediaType();

      await page.select('.lang select', 'de');
      assert.equal(await page.$eval('h1', (e) => e.textContent), 'Auswertungen');
      assert.match((await texts(page, '.report-table tfoot tr'))[0]!, /^Summe 12,00 /);
      await page.select('.lang select', 'en');

      await checkOnPhone(page, '.report-table tbody tr', 'web-reports-phone');
    } catch (e) {
      await onFailure(e);
    }
  });

  test('a User: the same address shows only their own hours, and no money', async () => {
    const { page, base, instance, admin, adminSignIn, user } = w;
    const own = await browser().createBrowserContext();
    const mine = await own.newPage();
    try {
      await signIn(mine, base, instance, user);
      await mine.waitForSelector('.days');
      await mine.goto(`${base}/reports?group_by=week,project&start_date=${FROM}&end_date=${TO}`);
      await mine.waitForSelector('.report-table tbody tr');
      assert.equal((await texts(mine, '.report-table tbody tr')).length, 4);
      assert.match((await texts(mine, '.report-table tfoot tr'))[0]!, /^Total 10\.00 /, 'their own 10 hours, not 12');
      assert.deepEqual(await texts(mine, '.report-table thead th'), [
        'Week',
        'Project',
        'Hours',
        'Billable hours',
        'Planned hours',
      ]);
      // A refused report shows the API's message at its field.
      await mine.goto(`${base}/reports?group_by=week&start_date=${TO}&end_date=${FROM}`);
      await mine.waitForSelector('#report-end_date-error');
      assert.ok((await mine.$eval('#report-end_date-error', (e) => e.textContent!)).length > 0);
    } catch (e) {
      process.stderr.write(`page at ${mine.url()}:\n${await mine.evaluate(() => document.body.innerText)}\n`);
      throw e;
    } finally {
      await own.close();
    }
  });
});
