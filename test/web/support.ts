// What the web app's browser tests share: headless Chromium, axe-core, signing in on the page, dates.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { after, before } from 'node:test';
import puppeteer, { type Browser, type Page } from 'puppeteer-core';
import type { DemoSignIn } from '../../src/demo/index.js';
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
