// Robustness sweep, query strings: every declared query parameter of every operation with an empty value, a wrong
// type, a huge number, a very long or control-character value, and in its array form; plus an unknown parameter.
// Never a 5xx; every error is JSON with a message.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { forEachDialect } from '../support/app.js';
import {
  BAD_QUERY_VALUES,
  Findings,
  loadOperations,
  queryParams,
  seedWorld,
  send,
  SWEEP_CONFIG,
} from './support/robustness.js';

forEachDialect(
  'robustness: query parameters',
  (t) => {
    test('every declared query parameter survives empty, wrong-typed, huge and repeated values', async () => {
      const w = await seedWorld(t());
      const findings = new Findings();
      for (const o of await loadOperations(t())) {
        if (o.method === 'DELETE') continue; // deleting the seeded records here would only hide the other checks
        const keys = w.keys(o.template);
        assert.ok(keys, `no record for the keys of ${o.template}`);
        const path = w.fill(o.template, keys);
        let body: string | undefined;
        if (o.method === 'POST') body = JSON.stringify((await w.baseline(o.template)) ?? {});
        else if (o.op.requestBody) body = '{}';
        const variants: string[] = ['zz_unknown=1'];
        for (const { name } of queryParams(o)) {
          const key = encodeURIComponent(name);
          for (const v of BAD_QUERY_VALUES) variants.push(`${key}=${v}`);
          variants.push(`${key}=1&${key}=abc`, `${key}`, `${encodeURIComponent(name.replace(/\[\]$/, ''))}[]=abc`);
        }
        for (const q of variants)
          findings.check(
            `${o.method} ${o.template}?${q.slice(0, 60)}`,
            await send(w.c, o.method, `${path}?${q}`, body),
          );
      }
      assert.equal(findings.failures.length, 0, findings.message());
    });
  },
  SWEEP_CONFIG,
);
