// First render of candidate /docs pages in headless Chromium, interleaved, with wall time, the browser
// tree's CPU time and the main thread's busy time per load. Each candidate is a page this harness serves beside the
// app (same server, same demo tenant, same documents); each load gets a fresh browser context (empty cache).
//
//   node --import tsx bench/docs-page.ts [--rounds 5] [--variants swagger-full,swagger-group,scalar,rapidoc]
//
// Scalar and RapiDoc are not dependencies: point ZK_RENDERERS at a folder where `npm install @scalar/api-reference
// rapidoc` was run to measure them (they are skipped otherwise). Uses ZK_CHROMIUM or /usr/bin/chromium.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import puppeteer, { type Page } from 'puppeteer-core';
import { createDemoTenantAs } from '../src/demo/index.js';
import { narrowToTags } from '../src/plugins/docs-groups.js';
import { buildTestApp, uniqueName } from '../test/support/app.js';
import { treeCpuMs } from '../test/support/browser.js';

const args = process.argv.slice(2);
const opt = (name: string, fallback: string) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? args[i + 1]! : fallback;
};
const ROUNDS = Number(opt('rounds', '5'));
const RENDERERS = process.env.ZK_RENDERERS;
const CHROMIUM =
  process.env.ZK_CHROMIUM ?? ['/usr/bin/chromium', '/usr/bin/chromium-browser'].find((p) => fs.existsSync(p))!;

const swaggerPage = (
  config: string,
) => `<!DOCTYPE html><html><head><meta charset="UTF-8"><title>zeitkonto API reference</title>
<link rel="stylesheet" href="/docs/static/swagger-ui.css"></head><body><div id="swagger-ui"></div>
<script src="/docs/static/swagger-ui-bundle.js"></script><script src="/docs/static/swagger-ui-standalone-preset.js"></script>
<script>window.ui = SwaggerUIBundle(Object.assign({ dom_id: '#swagger-ui', presets: [SwaggerUIBundle.presets.apis, SwaggerUIStandalonePreset],
plugins: [SwaggerUIBundle.plugins.DownloadUrl], layout: 'StandaloneLayout', validatorUrl: null, docExpansion: 'none', deepLinking: true,
defaultModelsExpandDepth: -1, persistAuthorization: true, tryItOutEnabled: false, filter: true }, ${config}));</script></body></html>`;

interface Variant {
  html: string;
  /** In the page: true once the operations' navigation is on screen. */
  rendered: string;
  /** Open the Customers tag and GET /customers (Swagger UI only). */
  expand?: (page: Page) => Promise<void>;
}

const swaggerExpand = async (page: Page) => {
  await page.click('#operations-tag-Customers');
  await page.waitForSelector('#operations-Customers-listCustomers');
  await page.click('#operations-Customers-listCustomers .opblock-summary');
  await page.waitForSelector('#operations-Customers-listCustomers .try-out__btn');
};

const VARIANTS: Record<string, Variant> = {
  // Before: the whole 3.0 rendition.
  'swagger-full': {
    html: swaggerPage(`{ url: '/openapi/full-3.0.json' }`),
    rendered: `document.querySelector('.opblock-tag')`,
    expand: swaggerExpand,
  },
  // One document per tag group; the page opens on the first.
  'swagger-group': {
    html: swaggerPage(
      `{ urls: [{ name: 'Customers and projects', url: '/openapi/docs/customers-projects.json' }, { name: 'All', url: '/openapi/full-3.0.json' }], 'urls.primaryName': 'Customers and projects' }`,
    ),
    rendered: `document.querySelector('.opblock-tag')`,
    expand: swaggerExpand,
  },
  scalar: {
    html: `<!DOCTYPE html><html><head><meta charset="UTF-8"><title>zeitkonto API reference</title></head><body>
<script id="api-reference" data-url="/openapi/full.json"></script><script src="/bench-assets/scalar.js"></script></body></html>`,
    rendered: `document.body.innerText.includes('Customer contacts')`,
  },
  'scalar-group': {
    html: `<!DOCTYPE html><html><head><meta charset="UTF-8"><title>zeitkonto API reference</title></head><body>
<script id="api-reference" data-url="/openapi/docs/customers-projects.json"></script><script src="/bench-assets/scalar.js"></script></body></html>`,
    rendered: `document.body.innerText.includes('Customer contacts')`,
  },
  // Floor of Swagger UI: a document of one tag (Customers).
  'swagger-tag': {
    html: swaggerPage(`{ url: '/bench-tag/Customers.json' }`),
    rendered: `document.querySelector('.opblock-tag')`,
    expand: swaggerExpand,
  },
  rapidoc: {
    html: `<!DOCTYPE html><html><head><meta charset="UTF-8"><title>zeitkonto API reference</title><script type="module" src="/bench-assets/rapidoc.js"></script></head>
<body><rapi-doc spec-url="/openapi/full-3.0.json" render-style="focused" show-header="false"></rapi-doc></body></html>`,
    rendered: `(() => { const r = document.querySelector('rapi-doc')?.shadowRoot; return r && r.innerHTML.includes('Customer contacts'); })()`,
  },
  'rapidoc-group': {
    html: `<!DOCTYPE html><html><head><meta charset="UTF-8"><title>zeitkonto API reference</title><script type="module" src="/bench-assets/rapidoc.js"></script></head>
<body><rapi-doc spec-url="/openapi/docs/customers-projects.json" render-style="focused" show-header="false"></rapi-doc></body></html>`,
    rendered: `(() => { const r = document.querySelector('rapi-doc')?.shadowRoot; return r && r.innerHTML.includes('Customer contacts'); })()`,
  },
};
const ASSETS: Record<string, string | undefined> = RENDERERS
  ? {
      'scalar.js': path.join(RENDERERS, 'node_modules/@scalar/api-reference/dist/browser/standalone.js'),
      'rapidoc.js': path.join(RENDERERS, 'node_modules/rapidoc/dist/rapidoc-min.js'),
    }
  : {};

const wanted = opt('variants', RENDERERS ? Object.keys(VARIANTS).join(',') : 'swagger-full,swagger-group').split(',');

const INSTANCE = uniqueName('docsbench');
const t = await buildTestApp('sqlite', { docsInstance: INSTANCE }, (app) => {
  app.get('/bench-docs/:variant', { schema: { hide: true } }, async (req, reply) =>
    reply.type('text/html').send(VARIANTS[(req.params as { variant: string }).variant]!.html),
  );
  app.get('/bench-tag/:tag', { schema: { hide: true } }, async (req) => {
    const full = (await app.inject({ method: 'GET', url: '/openapi/full-3.0.json' })).json();
    return narrowToTags(full, new Set([(req.params as { tag: string }).tag.replace(/\.json$/, '')]), 'zeitkonto API');
  });
  app.get('/bench-assets/:file', { schema: { hide: true } }, async (req, reply) =>
    reply.type('application/javascript').send(fs.readFileSync(ASSETS[(req.params as { file: string }).file]!)),
  );
});
await createDemoTenantAs(t.database.db, t.dialect, INSTANCE);
await t.app.listen({ port: 0, host: '127.0.0.1' });
const base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
// The first group document resolves the "Try it out" examples against the demo tenant (src/plugins/docs-examples.ts).
for (const url of [
  '/openapi/full.json',
  '/openapi/full-3.0.json',
  '/openapi/docs/customers-projects.json',
  '/openapi/docs/customers-projects.json',
  '/openapi/docs/all.json',
]) {
  const started = process.hrtime.bigint();
  const cpu = process.cpuUsage();
  const r = await fetch(base + url);
  const size = (await r.text()).length;
  const used = process.cpuUsage(cpu);
  process.stdout.write(
    `${url}: ${r.status} ${size} bytes, ${Number(process.hrtime.bigint() - started) / 1e6} ms wall, server CPU ${Math.round((used.user + used.system) / 1000)} ms\n`,
  );
}

const browser = await puppeteer.launch({
  executablePath: CHROMIUM,
  headless: true,
  args: ['--no-sandbox', '--disable-dev-shm-usage'],
});
const pid = browser.process()!.pid!;
const results: Record<string, { wall: number; cpu: number; task: number; expand?: number; expandCpu?: number }[]> = {};
try {
  // Warm-up (not counted): the browser's first page pays for starting its processes.
  {
    const context = await browser.createBrowserContext();
    const page = await context.newPage();
    await page.goto(`${base}/bench-docs/${wanted[0]}`);
    await page.waitForFunction(VARIANTS[wanted[0]!]!.rendered, { timeout: 60_000, polling: 20 });
    await context.close();
  }
  for (let round = 0; round < ROUNDS; round++) {
    // Both orders: forwards on even rounds, backwards on odd ones.
    const order = round % 2 ? [...wanted].reverse() : wanted;
    for (const name of order) {
      const v = VARIANTS[name]!;
      const context = await browser.createBrowserContext();
      const page = await context.newPage();
      await page.setViewport({ width: 1280, height: 900 });
      const started = Date.now();
      const cpu0 = treeCpuMs(pid);
      await page.goto(`${base}/bench-docs/${name}`);
      await page.waitForFunction(v.rendered, { timeout: 60_000, polling: 20 });
      const wall = Date.now() - started;
      const cpu = treeCpuMs(pid) - cpu0;
      const task = Math.round(((await page.metrics()).TaskDuration ?? 0) * 1000);
      const row: (typeof results)[string][number] = { wall, cpu, task };
      if (v.expand) {
        const e0 = Date.now();
        const ec0 = treeCpuMs(pid);
        await v.expand(page);
        row.expand = Date.now() - e0;
        row.expandCpu = treeCpuMs(pid) - ec0;
      }
      (results[name] ??= []).push(row);
      process.stdout.write(
        `round ${round + 1} ${name}: first render ${wall} ms wall, browser CPU ${cpu} ms, main thread ${task} ms${row.expand !== undefined ? `; open tag + operation ${row.expand} ms (CPU ${row.expandCpu} ms)` : ''}; load ${os.loadavg()[0]!.toFixed(1)}\n`,
      );
      await context.close();
    }
  }
} finally {
  await browser.close();
  await t.close();
}
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
process.stdout.write(
  '\nmedians (ms): variant | first render wall | browser CPU | main thread | open tag + operation wall | its CPU\n',
);
for (const [name, rows] of Object.entries(results)) {
  const ex = rows.filter((r) => r.expand !== undefined);
  process.stdout.write(
    `${name} | ${median(rows.map((r) => r.wall))} | ${median(rows.map((r) => r.cpu))} | ${median(rows.map((r) => r.task))} | ${ex.length ? median(ex.map((r) => r.expand!)) : '-'} | ${ex.length ? median(ex.map((r) => r.expandCpu!)) : '-'}\n`,
  );
}
