// Shared assertions for HTTP tests.
import assert from 'node:assert/strict';
import type { Client } from './app.js';

/** Each body sent to `path` answers 422 with errors on exactly the named field. */
export async function expectFieldErrors(
  c: Client,
  method: 'POST' | 'PATCH' | 'PUT',
  path: string,
  cases: readonly (readonly [unknown, string])[],
) {
  for (const [body, field] of cases) {
    const r = await c.request(method, path, body);
    assert.equal(r.status, 422, `${JSON.stringify(body)}: ${r.text}`);
    assert.deepEqual(Object.keys(r.body.errors), [field], JSON.stringify(body));
  }
}
