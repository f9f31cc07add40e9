// The UI library measurement (docs/web-app.md "Choosing the UI library"): the same minimal week view — one
// employee's Monday–Sunday from GET /attendances and a form that adds a booking, both through @zeitkonto/client
// (candidates/week-api.ts) — built with Vite in Preact and in Svelte 5, served beside the API by one app on SQLite,
// and loaded in headless Chromium, interleaved. Per candidate: JS bytes (raw, gzip) of the page, the week shown
// after a warm load (median), and the CPU of typing a week's bookings into the form (browser tree and main thread).
//
//   node scripts/node-runtime.mjs run --import tsx web/measure/run.ts [--rounds 7]
//
// Uses ZK_CHROMIUM or /usr/bin/chromium.
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import type { FastifyReply, FastifyRequest } from 'fastify';
import puppeteer, { type Page } from 'puppeteer-core';
import { build, type InlineConfig } from 'vite';
import { svelte } from '@sveltejs/vite-plugin-svelte';
import { createDemoTenantAs } from '../../src/demo/index.js';
import { buildTestApp, uniqueName } from '../../test/support/app.js';
import { treeCpuMs } from '../../test/support/browser.js';

const here = path.dirname(fileURLToPath(import.meta.url));
const out = path.join(here, '..', '..', '.tmp', 'web-measure');
const args = process.argv.slice(2);
const ROUNDS = Number(args[args.indexOf('--rounds') + 1] || 7);
const CHROMIUM =
  process.env.ZK_CHROMIUM ?? ['/usr/bin/chromium', '/usr/bin/chromium-browser'].find((p) => fs.existsSync(p))!;

const CANDIDATES: Record<string, Partial<InlineConfig>> = {
  preact: { oxc: { jsx: { runtime: 'automatic', importSource: 'preact' } } },
  svelte: { plugins: [svelte()] },
};

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

async function buildCandidate(name: string) {
  const started = Date.now();
  await build({
    root: path.join(here, 'candidates', name),
    base: `/measure/${name}/`,
    logLevel: 'warn',
    build: { outDir: path.join(out, name), emptyOutDir: true },
    ...CANDIDATES[name],
  });
  const assets = path.join(out, name, 'assets');
  const js = fs.readdirSync(assets).filter((f) => f.endsWith('.js'));
  const bytes = js.map((f) => fs.readFileSync(path.join(assets, f)));
  return {
    buildMs: Date.now() - started,
    jsBytes: bytes.reduce((s, b) => s + b.length, 0),
    jsGzip: bytes.reduce((s, b) => s + zlib.gzipSync(b, { level: 9 }).length, 0),
  };
}

const built: Record<string, Awaited<ReturnType<typeof buildCandidate>>> = {};
for (const name of Object.keys(CANDIDATES)) built[name] = await buildCandidate(name);

const instance = uniqueName('measure');
const t = await buildTestApp('sqlite', {}, (app) => {
  const serveFile = async (req: FastifyRequest, reply: FastifyReply) => {
    const { name, '*': rest } = req.params as { name: string; '*'?: string };
    const file = path.join(out, path.basename(name), path.normalize(rest || 'index.html').replace(/^(\.\.\/)+/, ''));
    if (!fs.existsSync(file) || !fs.statSync(file).isFile()) return reply.code(404).send();
    const types: Record<string, string> = { '.js': 'text/javascript', '.css': 'text/css' };
    const type = types[path.extname(file)] ?? 'text/html';
    return reply.type(type).send(fs.readFileSync(file));
  };
  app.get('/measure/:name', { schema: { hide: true } }, serveFile);
  app.get('/measure/:name/*', { schema: { hide: true } }, serveFile);
});
const demo = await createDemoTenantAs(t.database.db, t.dialect, instance);
const user = demo.signIns.find((s) => s.role === 'User')!;
await t.app.listen({ port: 0, host: '127.0.0.1' });
const base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
// A Monday of the demo's bookings (they begin on the first day of the previous month).
const first = new Date();
first.setUTCDate(1);
first.setUTCMonth(first.getUTCMonth() - 1);
first.setUTCDate(1 + ((8 - first.getUTCDay()) % 7));
const monday = first.toISOString().slice(0, 10);

const browser = await puppeteer.launch({
  executablePath: CHROMIUM,
  headless: true,
  args: ['--no-sandbox', '--disable-dev-shm-usage'],
});
const pid = browser.process()!.pid!;
const results: Record<string, { load: number[]; typeCpu: number[]; typeTask: number[] }> = {};
try {
  const page = await browser.newPage();
  page.on('console', (m) => process.env.ZK_MEASURE_DEBUG && console.error(m.text()));
  page.on('pageerror', (e) => console.error(e));
  page.on('response', (r) => process.env.ZK_MEASURE_DEBUG && console.error(r.status(), r.url()));
  await page.goto(`${base}/healthz`);
  await page.evaluate(
    async (url: string, username: string, password: string) => {
      const r = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ username, password }),
      });
      if (r.status !== 201) throw new Error(`sign-in: ${r.status}`);
    },
    `${base}/${instance}/next/api/v1/sessions`,
    user.username,
    user.password,
  );
  if (process.env.ZK_MEASURE_DEBUG) console.error(await browser.cookies());
  const load = async (p: Page, name: string) => {
    const started = Date.now();
    await p.goto(`${base}/measure/${name}/?instance=${instance}&monday=${monday}`);
    await p.waitForSelector('#add button');
    await p.waitForFunction(() => document.querySelectorAll('#week ul li').length > 0);
    return Date.now() - started;
  };
  for (const name of Object.keys(CANDIDATES)) {
    results[name] = { load: [], typeCpu: [], typeTask: [] };
    await load(page, name); // warm: the server's compiled routes, the browser's cache
  }
  for (let round = 0; round < ROUNDS; round++) {
    for (const name of Object.keys(CANDIDATES)) {
      const r = results[name]!;
      r.load.push(await load(page, name));
      // Typing a week: five bookings' fields, key by key, as a person would (not submitted).
      const cpu = treeCpuMs(pid);
      const task = (await page.metrics()).TaskDuration ?? 0;
      for (let day = 0; day < 5; day++) {
        for (const [field, text] of [
          ['from', '09:00'],
          ['to', '17:00'],
          ['project_id', '1'],
          ['project_task_id', '1'],
          ['activity_id', 'be'],
          ['note', `Implementation of the week view, day ${day + 1}`],
        ] as const) {
          await page.click(`input[name=${field}]`, { count: 3 });
          await page.type(`input[name=${field}]`, text);
        }
      }
      r.typeCpu.push(treeCpuMs(pid) - cpu);
      r.typeTask.push(Math.round(((await page.metrics()).TaskDuration! - task) * 1000));
    }
  }
} finally {
  await browser.close();
  await t.app.close();
  await t.close();
}

console.log(`| | ${Object.keys(CANDIDATES).join(' | ')} |`);
console.log(
  `|---|${Object.keys(CANDIDATES)
    .map(() => '---')
    .join('|')}|`,
);
const row = (label: string, f: (name: string) => string) =>
  console.log(`| ${label} | ${Object.keys(CANDIDATES).map(f).join(' | ')} |`);
row('JS bytes (raw)', (n) => String(built[n]!.jsBytes));
row('JS bytes (gzip -9)', (n) => String(built[n]!.jsGzip));
row('Vite build (ms)', (n) => String(built[n]!.buildMs));
row(`week shown, warm load (median of ${ROUNDS}, ms)`, (n) => String(median(results[n]!.load)));
row('typing a week: browser CPU (median, ms)', (n) => String(median(results[n]!.typeCpu)));
row('typing a week: main thread busy (median, ms)', (n) => String(median(results[n]!.typeTask)));
