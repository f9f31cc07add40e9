// A generated source tenant served over HTTP by the test app, and a comparison of what the source and an imported
// tenant answer to every GET of the imported resources.
import assert from 'node:assert/strict';
import type { Client, TestContext } from '../support/app.js';
import { uniqueName } from '../support/app.js';
import { generate } from '../../src/generate/generator.js';
import { createToken } from '../../src/tenancy/tokens.js';
import { RESOURCES } from '../../src/import/resources.js';
import type { Tenant } from '../../src/tenancy/tenants.js';

export interface SourceTenant {
  tenant: Tenant;
  /** The base URL the importer reads (…/next/api/v1). */
  base: string;
  counts: Record<string, number>;
}

const sources = new Map<TestContext, Promise<SourceTenant>>();

/** One generated small tenant per test app (generating takes seconds), listened to on a port of its own. */
export function sourceTenant(t: TestContext): Promise<SourceTenant> {
  if (!sources.has(t))
    sources.set(
      t,
      (async () => {
        const g = await generate(t.database.db, uniqueName('src'), 'small', 11, undefined, t.database.dialect);
        if (!t.app.server.listening) await t.app.listen({ port: 0, host: '127.0.0.1' });
        const port = (t.app.server.address() as { port: number }).port;
        return {
          tenant: g.tenant,
          counts: g.counts,
          base: `http://127.0.0.1:${port}/${g.tenant.instance}/next/api/v1`,
        };
      })(),
    );
  return sources.get(t)!;
}

/** A token of its own for each import (the test app counts requests per token). */
export const freshToken = async (t: TestContext, tenant: Tenant) => (await createToken(t.database.db, tenant.id)).token;

/** Fields of what is not imported yet (docs/import.md "Not imported"): price tables, leave applications. */
const NOT_IMPORTED = new Set(['priceTables', 'leaveApprovalApplication']);
const withoutNotImported = (value: unknown): unknown =>
  JSON.parse(JSON.stringify(value), (k, v) => (NOT_IMPORTED.has(k) ? undefined : v));

/** Every record of a list, all pages. */
export async function all(client: Client, path: string): Promise<unknown[]> {
  const out: unknown[] = [];
  for (let page = 1; ; page++) {
    const r = await client.get(`${path}${path.includes('?') ? '&' : '?'}limit=200&page=${page}`);
    assert.equal(r.status, 200, `${path}: ${r.text}`);
    out.push(...(withoutNotImported(r.body.data) as unknown[]));
    if (!r.body.meta || page >= r.body.meta.last_page) return out;
  }
}

/** The requests a complete import of the source needs at the least: one per page of each list and child list. */
export async function minimumRequests(source: Client): Promise<number> {
  let n = 0;
  for (const resource of RESOURCES) {
    const first = await source.get(`${resource.path}?limit=200`);
    n += first.body.meta ? Math.max(1, first.body.meta.last_page) : 1;
    const parents = await all(source, resource.path);
    // Children: one list each per parent (none has more than a page here); a detail read carries some of them.
    const lists = (resource.children ?? []).filter((c) => !c.inDetail).length + (resource.detail ? 1 : 0);
    n += parents.length * lists;
  }
  return n;
}

/** Source and target answer the same to every GET of what was imported: each list, and each child list and detail. */
export async function assertSameAnswers(source: Client, target: Client, children = true): Promise<void> {
  for (const resource of RESOURCES) {
    const mine = await all(source, resource.path);
    assert.deepEqual(await all(target, resource.path), mine, resource.path);
    if (!children) continue;
    for (const parent of mine as Record<string, unknown>[]) {
      for (const child of resource.children ?? []) {
        const path = child.path(parent);
        if (child.inDetail) {
          const [a, b] = [await source.get(path), await target.get(path)];
          assert.deepEqual(withoutNotImported(b.body), withoutNotImported(a.body), path);
        } else assert.deepEqual(await all(target, path), await all(source, path), path);
      }
    }
  }
}
