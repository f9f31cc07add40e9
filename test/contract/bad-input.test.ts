// The fast part of the reliability run's bad-input sweep: requests generated from the OpenAPI document
// with a fixed seed (reliability/bad-input.ts); `npm run reliability` sends 10,000 and more per database.
// Every answer is below 500, in the {message} envelope, and shows no stack, SQL or file path.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { operationsOf, runBadInput } from '../../reliability/bad-input.js';
import { MODULES } from '../../src/tenancy/tenants.js';
import { forEachDialect } from '../support/app.js';

const SEED = 13;
const REQUESTS = 300;

forEachDialect('bad input from the OpenAPI schemas', (t) => {
  test(`${REQUESTS} generated requests (seed ${SEED}): no 5xx, every error in the envelope, nothing leaked`, async () => {
    const c = await t().tenant({ modules: [...MODULES] });
    const base = `/${c.tenant.instance}/next/api/v1`;
    const doc = (await c.get('/openapi.json')).body;
    const ops = operationsOf(doc);
    assert.ok(ops.length > 100, `operations: ${ops.length}`);
    const result = await runBadInput(ops, base, SEED, REQUESTS, async (s) => {
      const r = await t().inject({
        method: s.method as any,
        url: s.url,
        headers: {
          authorization: `Bearer ${c.token}`,
          accept: 'application/json',
          ...(s.contentType ? { 'content-type': s.contentType } : {}),
        },
        ...(s.payload !== undefined ? { payload: s.payload } : {}),
      });
      return { status: r.status, contentType: r.headers['content-type'] as string | undefined, body: r.text };
    });
    assert.deepEqual([result.serverErrors, result.notEnvelope, result.leaks], [0, 0, 0], result.examples.join('\n'));
  });
});
