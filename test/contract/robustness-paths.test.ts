// Robustness sweep, path parameters: every operation of the OpenAPI document with each path parameter replaced
// in turn by a wrong type, a huge or negative number, a very long or strangely encoded string, or a key that
// does not exist — on a tenant with real records. Never a 5xx; every error is JSON with a message.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { forEachDialect } from '../support/app.js';
import {
  BAD_INT_PARAMS,
  BAD_STRING_PARAMS,
  Findings,
  loadOperations,
  paramSchema,
  pathParams,
  seedWorld,
  send,
  SWEEP_CONFIG,
} from './support/robustness.js';

const isInteger = (schema: any) =>
  schema.type === 'integer' || (Array.isArray(schema.type) && schema.type.includes('integer'));

forEachDialect(
  'robustness: path parameters',
  (t) => {
    test('every operation answers bad, unknown and oddly encoded path keys with a JSON 4xx', async () => {
      const w = await seedWorld(t());
      const findings = new Findings();
      const ops = (await loadOperations(t())).filter((o) => pathParams(o.template).length > 0);
      // Deletes last, so every other operation still finds its records.
      ops.sort((a, b) => Number(a.method === 'DELETE') - Number(b.method === 'DELETE'));
      for (const o of ops) {
        const keys = w.keys(o.template);
        assert.ok(keys, `no record for the keys of ${o.template}`);
        const encoded = Object.fromEntries(Object.entries(keys).map(([k, v]) => [k, encodeURIComponent(v)]));
        let body: string | undefined;
        if (o.method === 'POST') body = JSON.stringify((await w.baseline(o.template)) ?? {});
        else if (o.op.requestBody) body = '{}';
        for (const param of pathParams(o.template)) {
          const values = isInteger(paramSchema(o, param)) ? BAD_INT_PARAMS : BAD_STRING_PARAMS;
          // PUT is the same route as PATCH (same parameter schema and handler): a few values stand for the rest.
          for (const bad of o.method === 'PUT' ? values.slice(0, 3) : values) {
            const path = w.fill(o.template, { ...encoded, [param]: bad }, true);
            findings.check(
              `${o.method} ${o.template} ${param}=${bad.slice(0, 40)}`,
              await send(w.c, o.method, path, body),
            );
          }
        }
      }
      assert.equal(findings.failures.length, 0, findings.message());
    });
  },
  SWEEP_CONFIG,
);
