// Tenant isolation, generic over the OpenAPI document: tenant B, with records of its own, names tenant A's
// records in every path of the API (reads, nested creates, updates, deletes) and gets 404 each time; A's
// records read exactly as before. And every list of the document, read by B, holds none of A's records.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { forEachDialect } from '../support/app.js';
import { keyOf, readAll, snapshot } from './support/isolation.js';
import { listEndpoints } from './support/list-endpoints.js';
import {
  bodySchema,
  describe,
  loadOperations,
  pathParams,
  seedWorld,
  send,
  SWEEP_CONFIG,
} from './support/robustness.js';

/** The smallest body an update schema accepts: its required properties with a plain valid value. */
function minimalBody(schema: any): Record<string, unknown> {
  const sample = (s: any) =>
    Array.isArray(s.enum) ? s.enum[0] : ({ integer: 1, number: 1, boolean: true }[String([s.type].flat()[0])] ?? 'x');
  return Object.fromEntries((schema?.required ?? []).map((name: string) => [name, sample(schema.properties[name])]));
}

forEachDialect(
  'tenant isolation',
  (t) => {
    test("tenant B's lists never contain tenant A's records, on every list route of the OpenAPI document", async () => {
      const a = await seedWorld(t());
      const b = await seedWorld(t());
      const doc = (await t().inject({ method: 'GET', url: '/openapi/full.json' })).body;
      // String keys of A's seeded records are unique per call; numeric ids are compared list by list.
      const aKeys = new Set([...a.records.values()].map(keyOf).filter((k) => typeof k === 'string'));
      const leaks: string[] = [];
      const empty: string[] = [];
      const routes = listEndpoints(doc);
      for (const route of routes) {
        const aParams = a.keys(route.path);
        const bParams = b.keys(route.path);
        assert.ok(aParams && bParams, `no records to fill ${route.path}`);
        const aItems = await readAll(a.c, a.fill(route.path, aParams), route.paginated);
        const bItems = await readAll(b.c, b.fill(route.path, bParams), route.paginated);
        if (aItems.length === 0) empty.push(route.path);
        const aIds = new Set(aItems.map((i) => i.id).filter((id) => typeof id === 'number'));
        for (const item of bItems) {
          const key = keyOf(item);
          const leaked = typeof key === 'number' ? aIds.has(key) : aKeys.has(key as string);
          if (leaked) leaks.push(`GET ${route.path} as B lists ${JSON.stringify(item).slice(0, 200)}`);
        }
      }
      assert.deepEqual(leaks, []);
      assert.ok(routes.length >= 40, `the sweep saw ${routes.length} list routes`);
      assert.ok(
        empty.length <= routes.length / 4,
        `A's lists are empty on ${empty.join(', ')}: the sweep proves little there`,
      );
    });

    test("another tenant's keys are 404 on every route that names a record, and change nothing", async () => {
      const a = await seedWorld(t());
      const b = await seedWorld(t());
      const ops = (await loadOperations(t())).filter((o) => pathParams(o.template).length > 0);
      const gets = ops.filter((o) => o.method === 'GET').map((o) => o.template);
      const before = await snapshot(a, gets);
      assert.ok(
        Object.values(before).every((r: any) => r[0] === 200),
        'A reads its own records',
      );

      const leaks: string[] = [];
      // Deletes last, so a wrongly successful delete cannot hide a wrongly successful read.
      ops.sort((x, y) => Number(x.method === 'DELETE') - Number(y.method === 'DELETE'));
      for (const o of ops) {
        const path = a.fill(o.template, a.keys(o.template)!);
        let body: string | undefined;
        if (o.method === 'POST') body = JSON.stringify(await b.baseline(o.template));
        else if (o.op.requestBody) body = JSON.stringify(minimalBody(bodySchema(o)));
        const r = await send(b.c, o.method, path, body);
        if (r.status !== 404 || typeof r.body?.message !== 'string')
          leaks.push(`${o.method} ${path} body=${describe(body)} -> ${r.status} ${r.text.slice(0, 200)}`);
      }
      assert.deepEqual(leaks, []);
      assert.deepEqual(await snapshot(a, gets), before, "A's records are unchanged");
    });
  },
  SWEEP_CONFIG,
);
