// Approvals (docs/web-app.md "Approvals") in headless Chromium, on each database: two colleagues of one department
// request overlapping leave; an Administrator sees every pending request with the overlap and the days left,
// approves one with a comment and rejects the other in bulk — both checked through the API — and the requester's
// week shows the approved leave no longer as requested; axe-core finds no serious or critical violation, desktop
// and 375 px; German names the page. A User gets no link, and the page shows them nothing of others.
// ZK_WEB_SCREENSHOTS=<folder> saves web-approvals-* of docs/images.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { forEachDialect } from '../support/app.js';
import {
  addDays,
  axeViolations,
  browserOfFile,
  checkOnPhone,
  dayOf,
  iso,
  mondayOf,
  SHOTS,
  signIn,
  texts,
  webDemo,
  type WebDemo,
} from './support.js';

const browser = browserOfFile();
const MONDAY = addDays(mondayOf(iso(new Date())), 11 * 7);

forEachDialect('Approvals page', (t) => {
  let w: WebDemo;
  let colleague: string;
  const requested: Record<string, number> = {};
  before(async () => {
    w = await webDemo(t(), 'weba', browser());
    const people = (await w.admin.get('/employees?limit=200')).body.data;
    const max = people.find((e: any) => e.username === w.user.username);
    colleague = people.find((e: any) => e.username !== max.username && e.department_id === max.department_id).username;
    for (const [who, from] of [
      [max.username, MONDAY],
      [colleague, addDays(MONDAY, 1)],
    ] as const) {
      const r = await w.admin.post('/absences', {
        employee_id: who,
        absence_reason_id: 'UB',
        start_date: from,
        end_date: addDays(from, 1),
        approval_status: 'pending',
        note: `Leave of ${who}`,
      });
      assert.equal(r.status, 201, r.text);
      requested[who] = r.body.data.id;
    }
  });
  after(async () => {
    await w?.context.close();
  });
  const absence = async (id: number) => (await w.admin.get(`/absences/${id}`)).body.data;
  const card = (id: number) => `li.request[data-absence="${id}"]`;
  async function waitStatus(text: string) {
    await w.page.waitForFunction((s) => document.querySelector('[role=status]')?.textContent === s, {}, text);
  }

  test('an Administrator approves one request with a comment and rejects another in bulk', async () => {
    const { page, base, instance, adminSignIn, admin, user } = w;
    try {
      await signIn(page, base, instance, adminSignIn);
      await page.waitForSelector('.days');
      await page.click('nav.pages a[href="/approvals"]');
      await page.waitForSelector(card(requested[user.username]!));
      const all = (await admin.get('/absences?limit=200')).body.data.filter(
        (a: any) => a.leaveApprovalApplication?.status.id === 0,
      );
      assert.equal((await texts(page, 'li.request')).length, all.length, 'every pending request');
      const mine = (await texts(page, card(requested[user.username]!)))[0]!;
      assert.match(mine, /Vacation · .* · 2 days/, mine);
      assert.match(mine, new RegExp(`Leave left in ${MONDAY.slice(0, 4)}: \\d+`));
      assert.match(mine, /Also absent then: .+/, 'the colleague’s overlapping request');
      assert.deepEqual(await axeViolations(page), [], 'approvals page');
      if (SHOTS) await page.screenshot({ path: `${SHOTS}/web-approvals-desktop.png`, fullPage: true });

      await page.type(`${card(requested[user.username]!)} input:not([type=checkbox])`, 'Enjoy');
      await page.click(`${card(requested[user.username]!)} button.primary`);
      await waitStatus('Approved.');
      const approved = await absence(requested[user.username]!);
      assert.equal(approved.approved, true);
      assert.equal(approved.leaveApprovalApplication.status.id, 1);
      assert.equal(approved.leaveApprovalApplication.status_note, 'Enjoy');
      assert.equal(await page.$(card(requested[user.username]!)), null, 'decided: out of the inbox');

      await page.click(`${card(requested[colleague]!)} input[type=checkbox]`);
      await page.type('#bulk-note', 'Too many away that week');
      await page.click('.bulk button.danger');
      await waitStatus('Rejected.');
      const rejected = await absence(requested[colleague]!);
      assert.equal(rejected.approved, false);
      assert.equal(rejected.leaveApprovalApplication.status.id, 2);
      assert.equal(rejected.leaveApprovalApplication.status_note, 'Too many away that week');

      await page.select('.lang select', 'de');
      assert.equal(await page.$eval('h1', (e) => e.textContent), 'Genehmigungen');
      await page.select('.lang select', 'en');
      await checkOnPhone(page, 'h1', 'web-approvals-phone');
    } catch (e) {
      process.stderr.write(`page at ${page.url()}:\n${await page.evaluate(() => document.body.innerText)}\n`);
      throw e;
    }
  });

  test('the requester’s week shows the approved leave; a User has no inbox', async () => {
    const { base, instance, user } = w;
    const own = await browser().createBrowserContext();
    const mine = await own.newPage();
    try {
      await signIn(mine, base, instance, user);
      await mine.waitForSelector('.days');
      assert.equal(await mine.$('nav.pages a[href="/approvals"]'), null, 'no Approvals in a User’s app bar');
      await mine.goto(`${base}/week/${MONDAY}`);
      await mine.waitForSelector(`${dayOf(MONDAY)} .facts`);
      const facts = (await texts(mine, `${dayOf(MONDAY)} .facts .absence`))[0]!;
      assert.match(facts, /UB/);
      assert.doesNotMatch(facts, /requested/, 'approved, no longer requested');
      await mine.goto(`${base}/approvals`);
      await mine.waitForSelector('[role=alert]');
      assert.match(await mine.$eval('[role=alert]', (e) => e.textContent!), /Controllers and Administrators/);
      assert.equal(await mine.$('li.request'), null, 'no one’s requests');
    } finally {
      await own.close();
    }
  });
});
