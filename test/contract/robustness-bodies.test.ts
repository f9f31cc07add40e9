// Robustness sweep, request bodies of POST: bodies that are not an object, empty or broken JSON, unknown
// properties, and every declared property (and property of nested objects) wrong in turn — on top of a valid
// body, so the handler sees whatever the schema lets through. Never a 5xx; every error is JSON with a message.
// A hostile value (hostile-values.ts: numeric texts, wrong JSON types, out-of-range numbers and dates, date-times
// in date fields, over-long strings, NUL, lone surrogates) is a 422 on its own field and writes nothing: the change
// feed and the collection's list stay as they were. Upload routes refuse multipart bodies without a boundary. An
// empty body is a 422 that names every required field (each field whose absence alone from the valid body is a
// 422 on it), not only those the schema lists.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { forEachDialect } from '../support/app.js';
import { bodyText, FULL_SWEEP, refusedOn } from './support/hostile-values.js';
import {
  bodySchema,
  bodyVariants,
  changesSince,
  checkBoundaryless,
  describe,
  feedCursor,
  Findings,
  loadOperations,
  NON_OBJECT_BODIES,
  seedWorld,
  send,
  SWEEP_CONFIG,
} from './support/robustness.js';

/** Fields the records a body names make required: an empty body names none of them, so it cannot tell. */
const REQUIRED_BY_DATA: Record<string, string[]> = {
  '/receipts': ['payment_method'], // when the receipt type has no default payment method (docs/api/receipts.md)
};

forEachDialect(
  'robustness: POST bodies',
  (t) => {
    test('every POST answers bad bodies and bad properties with a JSON 4xx (or creates the record when the value is fine); hostile values are a 422 on their field and write nothing', async () => {
      const started = Date.now();
      const w = await seedWorld(t());
      const findings = new Findings();
      let requiredFields = 0;
      const ops = await loadOperations(t());
      const lists = new Set(ops.filter((o) => o.method === 'GET').map((o) => o.template));
      const total = async (path: string) => {
        const r = await w.c.get(path);
        return r.status === 200 ? (r.body.meta?.total ?? r.body.data?.length) : undefined;
      };
      for (const o of ops.filter((x) => x.method === 'POST')) {
        const path = w.fill(o.template, w.keys(o.template)!);
        // One valid body for the hostile values (made before the snapshot: some baselines create the records they name).
        const base = await w.baseline(o.template);
        const cursor = await feedCursor(w.c);
        const count = lists.has(o.template) ? await total(path) : undefined;
        const variants = bodyVariants(bodySchema(o), base);
        for (const [label, changes, field] of variants.filter((v) => v[2])) {
          findings.refused(
            `POST ${o.template} ${label}`,
            await send(w.c, 'POST', path, bodyText({ ...base, ...changes })),
            field!,
          );
        }
        await checkBoundaryless(findings, w.c, o, path);
        const written = await changesSince(w.c, cursor);
        if (written.length > 0)
          findings.failures.push(`POST ${o.template}: refused bodies wrote ${written.join(', ')}`);
        if (count !== undefined && (await total(path)) !== count)
          findings.failures.push(`POST ${o.template}: refused bodies changed the list's total from ${count}`);
        for (const raw of NON_OBJECT_BODIES)
          findings.check(`POST ${o.template} body=${describe(raw)}`, await send(w.c, 'POST', path, raw));
        // An empty body names every required field at once: each field of the valid body whose absence alone is a 422 on it.
        const required: string[] = [];
        for (const field of Object.keys(base ?? {}).filter((f) => !REQUIRED_BY_DATA[o.template]?.includes(f))) {
          const { [field]: _left, ...without } = base!;
          if (refusedOn(await send(w.c, 'POST', path, bodyText(without)), field)) required.push(field);
        }
        const empty = findings.check(`POST ${o.template} {}`, await send(w.c, 'POST', path, '{}'));
        requiredFields += required.length;
        for (const field of required.filter((f) => !refusedOn(empty, f)))
          findings.failures.push(
            `POST ${o.template} {} -> ${empty.status}, does not name the required ${field}: ${empty.text.slice(0, 300)}`,
          );
        for (const [label, changes] of variants.filter((v) => !v[2])) {
          findings.check(
            `POST ${o.template} ${label}`,
            await send(w.c, 'POST', path, bodyText({ ...(await w.baseline(o.template)), ...changes })),
          );
        }
      }
      console.log(
        `# figure hostilePost: ${JSON.stringify({ full: FULL_SWEEP, requests: findings.count, hostile: findings.hostile, requiredFields, failures: findings.failures.length, seconds: Math.round((Date.now() - started) / 1000) })}`,
      );
      assert.equal(findings.failures.length, 0, findings.message());
    });
  },
  SWEEP_CONFIG,
);
