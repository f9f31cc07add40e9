// Every "Try it out" example /docs offers is accepted by a fresh demo tenant. The page's documents
// (/openapi/docs/<group>.json, and all.json with every operation) carry, on each write operation with a JSON body, a
// request-body example and the path values, resolved against the tenant DOCS_INSTANCE names
// (src/plugins/docs-examples.ts). This test sends each, with its path values, as the page would, and expects 2xx; it
// fails when a write operation the demo tenant may use has no example.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { createDemoTenantAs } from '../../src/demo/index.js';
import { jsonWrites, opKey, resolveExamples } from '../../src/plugins/docs-examples.js';
import { listTokens } from '../../src/tenancy/tokens.js';
import { forEachDialect, uniqueName } from '../support/app.js';

const instance = uniqueName('docs');
const later = uniqueName('docs');

/** Not yet covered, and why (empty: every write operation with a body has an example the demo tenant accepts). Each
 * entry must still be a write operation that lacks an example or is refused: the list can only shrink, and any other
 * write operation with a body and no example fails the test. */
const PENDING = new Set<string>([
  // Changes the caller's own password: a person's session or personal token calls it, and the page authorizes with
  // the demo's service token (403: it is nobody's password).
  'POST /sessions/password',
  // The demo's people have random passwords, printed once when the demo tenant is created (src/demo/people.ts):
  // no example can know one, so the sign-in example is refused (401) until it names the printed password.
  'POST /sessions',
]);

/** Creates keyed by a date as well as by their stamped name: a second one on the same date is refused whatever its name
 * (docs/api/try-it-out.md, "A second click"). */
const DATE_KEYED = ['POST /vehicle-lists'];

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
      const ordered = [
        ...writes.filter((w) => !LAST.includes(opKey(w.method, w.path))),
        ...writes.filter((w) => LAST.includes(opKey(w.method, w.path))),
      ];
      const billedBefore = (await c.get('/invoices?status=0')).body.data.map((i: any) => i.invoice_number);
      const without: string[] = [];
      const failed: string[] = [];
      for (const { path, method, op } of ordered) {
        const example = op.requestBody.content['application/json'].example;
        const params: Record<string, unknown> = {};
        // The path item's parameters first, the operation's own (which carry the examples) override them.
        for (const p of [...(doc.paths[path].parameters ?? []), ...(op.parameters ?? [])]) {
          const param = p.$ref ? doc.components.parameters[p.$ref.split('/').pop()] : p;
          if (param.in === 'path') params[param.name] = param.example;
        }
        if (example === undefined || Object.values(params).some((v) => v === undefined)) {
          without.push(opKey(method, path));
          continue;
        }
        const url = path.replace(/\{([^}]+)\}/g, (_m, name: string) => encodeURIComponent(String(params[name])));
        const r = await c.request(method.toUpperCase(), url, example);
        if (r.status < 200 || r.status >= 300)
          failed.push(
            `${opKey(method, path)} → ${method.toUpperCase()} ${url} ${JSON.stringify(example)}: ${r.status} ${r.text.slice(0, 400)}`,
          );
      }
      if (without.length)
        process.stderr.write(`[try it out ${t().dialect}] without an example:\n  ${without.join('\n  ')}\n`);
      process.stderr.write(
        `[try it out ${t().dialect}] ${ordered.length - without.length - failed.length} of ${ordered.length} examples accepted; ${without.length} without one; ${failed.length} refused; ${PENDING.size} pending\n`,
      );
      const notPending = (entry: string) => !PENDING.has(entry.split(' → ')[0]!);
      assert.deepEqual(failed.filter(notPending), [], 'every example is accepted');
      assert.deepEqual(
        without.filter(notPending),
        [],
        'every write operation with a body has an example (and its path values)',
      );
      const open = new Set([...without, ...failed.map((f) => f.split(' → ')[0]!)]);
      assert.deepEqual(
        [...PENDING].filter((p) => !open.has(p)),
        [],
        'covered now: remove from PENDING',
      );
      // Updates name the draft invoice; the correction, meant for a billed invoice, names the billed one (and reopens it).
      const correction = doc.paths['/invoices/{invoice_number}/correction'].post.parameters
        .map((p: any) => (p.$ref ? doc.components.parameters[p.$ref.split('/').pop()] : p))
        .find((p: any) => p.in === 'path');
      assert.ok(billedBefore.includes(correction.example), `${correction.example} was billed`);
      assert.equal(
        (await c.get(`/invoices/${correction.example}`)).body.data.status.name,
        'Draft',
        'the correction reopened it',
      );
      // The demo webhook the updates name is inactive: the examples' changes queued no delivery for it.
      const hooks = (await c.get('/webhooks')).body.data;
      assert.deepEqual(
        hooks.map((h: any) => h.active),
        [false, false],
      ); // the demo's and the one POST /webhooks made
      for (const h of hooks) assert.equal((await c.get(`/webhooks/${h.id}/deliveries`)).body.meta.total, 0);
    });

    test('examples resolved a minute later carry new keys: their creates are accepted after the first ones', async () => {
      const { tenant, token } = await createDemoTenantAs(t().database.db, t().dialect, later);
      const c = t().client(tenant, token);
      const doc = (await t().inject({ method: 'GET', url: '/openapi/full-3.0.json' })).body;
      const now = Date.now();
      const [first, second] = [
        await resolveExamples(t().app, doc, later, now),
        await resolveExamples(t().app, doc, later, now + 61_000),
      ];
      // The token each resolution reads with does not stay behind: the tenant lists only its own tokens.
      assert.deepEqual(
        (await listTokens(t().database.db, tenant.id)).map((k) => k.name).filter((n) => n.startsWith('docs examples')),
        [],
      );
      const send = (key: string, body: unknown) => {
        const example = first!.get(key)!;
        const url = key
          .slice(5)
          .replace(/\{([^}]+)\}/g, (_m, name: string) => encodeURIComponent(String(example.path[name])));
        return c.request('POST', url, body);
      };
      const stamped = [...first!.keys()].filter(
        (k) =>
          k.startsWith('POST ') &&
          !DATE_KEYED.includes(k) &&
          JSON.stringify(first!.get(k)!.body) !== JSON.stringify(second!.get(k)?.body),
      );
      process.stderr.write(
        `[try it out ${t().dialect}] ${stamped.length} creates carry new keys a minute later: ${stamped.join(', ')}\n`,
      );
      assert.ok(
        stamped.includes('POST /customers') && stamped.includes('POST /employees'),
        `the fixed bodies are stamped too: ${stamped.join(', ')}`,
      );
      const refused: string[] = [];
      for (const key of stamped) {
        for (const examples of [first!, second!]) {
          const r = await send(key, examples.get(key)!.body);
          if (r.status < 200 || r.status >= 300)
            refused.push(`${key} ${JSON.stringify(examples.get(key)!.body)}: ${r.status} ${r.text.slice(0, 300)}`);
        }
      }
      assert.deepEqual(refused, []);
      // Within one resolution the body is the same on every click: a unique key answers 422 the second time.
      assert.equal((await send('POST /customers', first!.get('POST /customers')!.body)).status, 422);
    });
  },
  { docsInstance: instance },
);
