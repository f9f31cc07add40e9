// Issue 20 §2: every "Try it out" example /docs offers is accepted by a fresh demo tenant. The page's documents
// (/openapi/docs/<group>.json, and all.json with every operation) carry, on each write operation with a JSON body, a
// request-body example and the path values, resolved against the tenant DOCS_INSTANCE names
// (src/plugins/docs-examples.ts). This test sends each, with its path values, as the page would, and expects 2xx; it
// fails when a write operation the demo tenant may use has no example.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { createDemoTenantAs } from '../../src/demo/index.js';
import { jsonWrites, opKey } from '../../src/plugins/docs-examples.js';
import { forEachDialect, uniqueName } from '../support/app.js';

const instance = uniqueName('docs');

/** Not yet covered, and why: updates of a webhook, which a fresh demo tenant does not have (no path value can name
 * one), and of an invoice, which the demo tenant has only billed (locked). Each entry must
 * still be a write operation that lacks an example or is refused: the list can only shrink. */
const PENDING = new Set([
  ...['/webhooks/{id}', '/invoices/{invoice_number}', '/invoice-items/{id}'].flatMap((path) => [`PUT ${path}`, `PATCH ${path}`]),
  'POST /projects/{id}/employees', // every demo employee is assigned to every demo project, without an end
]);

/** Runs last: an example that closes a month or corrects an invoice changes what other examples may do. */
const LAST = ['POST /month-closings', 'POST /invoices/{invoice_number}/correction'];

forEachDialect(
  '"Try it out" examples on a fresh demo tenant',
  (t) => {
    test('every write operation the demo tenant may use has an example, and each is accepted', async () => {
      const { tenant, token } = await createDemoTenantAs(t().database.db, t().dialect, instance);
      const c = t().client(tenant, token);
      const doc = (await t().inject({ method: 'GET', url: '/openapi/docs/all.json' })).body;
      const writes = jsonWrites(doc).filter(({ op }) => !op['x-module'] || tenant.modules.has(op['x-module']));
      const ordered = [...writes.filter((w) => !LAST.includes(opKey(w.method, w.path))), ...writes.filter((w) => LAST.includes(opKey(w.method, w.path)))];
      const without: string[] = [];
      const failed: string[] = [];
      for (const { path, method, op } of ordered) {
        const example = op.requestBody.content['application/json'].example;
        const params: Record<string, unknown> = {};
        for (const p of op.parameters ?? []) {
          const param = p.$ref ? doc.components.parameters[p.$ref.split('/').pop()] : p;
          if (param.in === 'path') params[param.name] = param.example;
        }
        if (example === undefined || Object.values(params).some((v) => v === undefined)) {
          without.push(opKey(method, path));
          continue;
        }
        const url = path.replace(/\{([^}]+)\}/g, (_m, name: string) => encodeURIComponent(String(params[name])));
        const r = await c.request(method.toUpperCase(), url, example);
        if (r.status < 200 || r.status >= 300) failed.push(`${opKey(method, path)} → ${method.toUpperCase()} ${url} ${JSON.stringify(example)}: ${r.status} ${r.text.slice(0, 400)}`);
      }
      if (without.length) process.stderr.write(`[try it out ${t().dialect}] without an example:\n  ${without.join('\n  ')}\n`);
      process.stderr.write(`[try it out ${t().dialect}] ${ordered.length - without.length - failed.length} of ${ordered.length} examples accepted; ${without.length} without one; ${failed.length} refused; ${PENDING.size} pending\n`);
      const notPending = (entry: string) => !PENDING.has(entry.split(' → ')[0]!);
      assert.deepEqual(failed.filter(notPending), [], 'every example is accepted');
      assert.deepEqual(without.filter(notPending), [], 'every write operation with a body has an example (and its path values)');
      const open = new Set([...without, ...failed.map((f) => f.split(' → ')[0]!)]);
      assert.deepEqual([...PENDING].filter((p) => !open.has(p)), [], 'covered now: remove from PENDING');
    });
  },
  { docsInstance: instance },
);
