// Tenant isolation, generic over the OpenAPI document: tenant B, with records of its own, names tenant A's
// records in every path of the API (reads, nested creates, updates, deletes) and gets 404 each time; A's
// records read exactly as before.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { forEachDialect } from '../support/app.js';
import { bodySchema, describe, loadOperations, pathParams, seedWorld, send, SWEEP_CONFIG, type World } from '../support/robustness.js';

/** The smallest body an update schema accepts: its required properties with a plain valid value. */
function minimalBody(schema: any): Record<string, unknown> {
  const sample = (s: any) => (Array.isArray(s.enum) ? s.enum[0] : { integer: 1, number: 1, boolean: true }[String([s.type].flat()[0])] ?? 'x');
  return Object.fromEntries((schema?.required ?? []).map((name: string) => [name, sample(schema.properties[name])]));
}

/** A's view of every GET path that names a record. */
async function snapshot(a: World, gets: string[]) {
  const out: Record<string, unknown> = {};
  for (const template of gets) {
    const r = await a.c.get(a.fill(template, a.keys(template)!));
    out[template] = [r.status, r.body];
  }
  return out;
}

forEachDialect('tenant isolation', (t) => {
  test("another tenant's keys are 404 on every route that names a record, and change nothing", async () => {
    const a = await seedWorld(t());
    const b = await seedWorld(t());
    const ops = (await loadOperations(t())).filter((o) => pathParams(o.template).length > 0);
    const gets = ops.filter((o) => o.method === 'GET').map((o) => o.template);
    const before = await snapshot(a, gets);
    assert.ok(Object.values(before).every((r: any) => r[0] === 200), 'A reads its own records');

    const leaks: string[] = [];
    // Deletes last, so a wrongly successful delete cannot hide a wrongly successful read.
    ops.sort((x, y) => Number(x.method === 'DELETE') - Number(y.method === 'DELETE'));
    for (const o of ops) {
      const path = a.fill(o.template, a.keys(o.template)!);
      const body = o.method === 'POST' ? JSON.stringify(await b.baseline(o.template)) : o.op.requestBody ? JSON.stringify(minimalBody(bodySchema(o))) : undefined;
      const r = await send(b.c, o.method, path, body);
      if (r.status !== 404 || typeof r.body?.message !== 'string') leaks.push(`${o.method} ${path} body=${describe(body)} -> ${r.status} ${r.text.slice(0, 200)}`);
    }
    assert.deepEqual(leaks, []);
    assert.deepEqual(await snapshot(a, gets), before, "A's records are unchanged");
  });
}, SWEEP_CONFIG);
