// What the web app's browser tests share: headless Chromium, axe-core, signing in on the page, dates.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { after, before } from 'node:test';
import type { AddressInfo } from 'node:net';
import puppeteer, { type Browser, type BrowserContext, type Page } from 'puppeteer-core';
import { createDemoTenantAs, type DemoSignIn } from '../../src/demo/index.js';
import { uniqueName, type Client, type TestContext } from '../support/app.js';
import { WEB_DIST } from '../../src/plugins/web-app.js';

const CHROMIUM =
  process.env.ZK_CHROMIUM ?? ['/usr/bin/chromium', '/usr/bin/chromium-browser'].find((p) => fs.existsSync(p));
const AXE = fs.readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
/** ZK_WEB_SCREENSHOTS=<folder> saves the screenshots of docs/images (desktop 1280×800, phone 375×812). */
export const SHOTS = process.env.ZK_WEB_SCREENSHOTS;

export async function launchBrowser(): Promise<Browser> {
  assert.ok(CHROMIUM, 'Chromium is not installed (apt-get install chromium, or set ZK_CHROMIUM)');
  return puppeteer.launch({
    executablePath: CHROMIUM,
    headless: true,
    args: ['--no-sandbox', '--disable-dev-shm-usage', '--lang=en-US'],
  });
}

/** One Chromium for a test file: launched before its tests (the web app must be built), closed after them. */
export function browserOfFile(): () => Browser {
  let browser: Browser | undefined;
  before(async () => {
    assert.ok(fs.existsSync(path.join(WEB_DIST, 'index.html')), 'the web app is built (npm run build:web)');
    browser = await launchBrowser();
  });
  after(async () => {
    await browser?.close();
  });
  return () => browser!;
}

/** The app served on a free port, and a page of a new browser context on it at desktop size (axe-core allowed). */
export async function servedPage(
  app: { listen(o: { port: number; host: string }): Promise<unknown>; server: { address(): unknown } },
  browser: Browser,
): Promise<{ base: string; context: BrowserContext; page: Page }> {
  await app.listen({ port: 0, host: '127.0.0.1' });
  const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  const context = await browser.createBrowserContext();
  const page = await context.newPage();
  await page.setBypassCSP(true); // axe-core is injected as an inline script
  await page.setViewport({ width: 1280, height: 800 });
  return { base, context, page };
}

/** A demo tenant served to a desktop page: its Administrator's API client and sign-in, and the User max.mustermann. */
export interface WebDemo {
  instance: string;
  admin: Client;
  adminSignIn: DemoSignIn;
  user: DemoSignIn;
  base: string;
  context: BrowserContext;
  page: Page;
}

export async function webDemo(t: TestContext, prefix: string, browser: Browser): Promise<WebDemo> {
  const instance = uniqueName(prefix);
  const demo = await createDemoTenantAs(t.database.db, t.dialect, instance);
  return {
    instance,
    admin: t.client(demo.tenant, demo.token),
    adminSignIn: demo.signIns.find((s) => s.role === 'Administrator')!,
    user: demo.signIns.find((s) => s.username === 'max.mustermann')!,
    ...(await servedPage(t.app, browser)),
  };
}

/**
 * The page again at 375 px (a phone): no serious or critical axe-core violation, nothing wider than the screen, the
 * screenshot `<shot>.png` (the whole page, or the screen) when ZK_WEB_SCREENSHOTS asks for them; then back at
 * desktop size.
 */
export async function checkOnPhone(page: Page, ready: string, shot: string, fullPage = true): Promise<void> {
  await page.setViewport({ width: 375, height: 812, isMobile: true, hasTouch: true, deviceScaleFactor: 1 });
  await page.reload();
  await page.waitForSelector(ready);
  assert.deepEqual(await axeViolations(page), [], `${shot} on a phone`);
  // What sticks out of the screen, outside anything that scrolls it away.
  const wide = await page.evaluate(() =>
    [...document.querySelectorAll('body *')]
      .filter((e) => {
        if (e.getBoundingClientRect().right <= 375.5) return false;
        for (let p = e.parentElement; p; p = p.parentElement)
          if (getComputedStyle(p).overflowX !== 'visible') return false;
        return true;
      })
      .map((e) => `${e.tagName.toLowerCase()}.${e.className}`)
      .slice(0, 5),
  );
  assert.ok(
    await page.evaluate(() => document.documentElement.scrollWidth <= 375),
    `${shot}: no horizontal scrolling (${wide.join(' ')})`,
  );
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/${shot}.png`, fullPage });
  await page.setViewport({ width: 1280, height: 800 });
}

/** The visible text of each element the selector matches, its white space collapsed. */
export const texts = (page: Page, selector: string) =>
  page.$$eval(selector, (nodes) => nodes.map((n) => (n as HTMLElement).innerText.replace(/\s+/g, ' ').trim()));

/** axe-core's serious and critical violations on the page, one line each. */
export async function axeViolations(page: Page): Promise<string[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.addScriptTag({ content: AXE });
  const result = await page.evaluate(async () => {
    const r = await (window as any).axe.run(document, { resultTypes: ['violations'] });
    return r.violations.map((v: any) => ({
      id: v.id,
      impact: v.impact,
      nodes: v.nodes.map((n: any) => n.target.join(' ')),
    }));
  });
  return result
    .filter((v: { impact: string }) => v.impact === 'serious' || v.impact === 'critical')
    .map((v: { id: string; impact: string; nodes: string[] }) => `${v.impact} ${v.id}: ${v.nodes.join(', ')}`);
}

export async function signIn(page: Page, base: string, instance: string, who: DemoSignIn, password = who.password) {
  await page.goto(`${base}/`);
  await page.waitForSelector('#instance');
  await page.$eval('#instance', (e) => ((e as HTMLInputElement).value = ''));
  await page.type('#instance', instance);
  await page.type('#username', who.username);
  await page.type('#password', password);
  await page.keyboard.press('Enter');
}

export const iso = (d: Date) => d.toISOString().slice(0, 10);
export const addDays = (date: string, n: number) => iso(new Date(Date.parse(`${date}T00:00:00Z`) + n * 86_400_000));
export const mondayOf = (date: string) => addDays(date, -((new Date(`${date}T00:00:00Z`).getUTCDay() + 6) % 7));
export const dayOf = (date: string) => `li.day[data-date="${date}"]`;
