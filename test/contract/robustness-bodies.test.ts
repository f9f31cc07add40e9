// Robustness sweep, request bodies of POST: bodies that are not an object, empty or broken JSON, unknown
// properties, and every declared property (and property of nested objects) wrong in turn — on top of a valid
// body, so the handler sees whatever the schema lets through. Never a 5xx; every error is JSON with a message.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { forEachDialect } from '../support/app.js';
import { bodySchema, bodyVariants, describe, Findings, loadOperations, NON_OBJECT_BODIES, seedWorld, send, SWEEP_CONFIG } from './support/robustness.js';

forEachDialect('robustness: POST bodies', (t) => {
  test('every POST answers bad bodies and bad properties with a JSON 4xx (or creates the record when the value is fine)', async () => {
    const w = await seedWorld(t());
    const findings = new Findings();
    for (const o of (await loadOperations(t())).filter((x) => x.method === 'POST')) {
      const path = w.fill(o.template, w.keys(o.template)!);
      for (const raw of NON_OBJECT_BODIES) findings.check(`POST ${o.template} body=${describe(raw)}`, await send(w.c, 'POST', path, raw));
      for (const [label, changes] of bodyVariants(bodySchema(o), await w.baseline(o.template))) {
        findings.check(`POST ${o.template} ${label}`, await send(w.c, 'POST', path, JSON.stringify({ ...(await w.baseline(o.template)), ...changes })));
      }
    }
    assert.equal(findings.failures.length, 0, findings.message());
  });
}, SWEEP_CONFIG);
