// Helpers for tests of the list conventions: bulk rows inserted directly, and following `links` like a client.
import type { Kysely } from 'kysely';
import type { DB } from '../../src/db/schema.js';
import { nowTimestamp } from '../../src/values/formats.js';
import type { Client, Response, TestContext } from './app.js';

/** Activities with these names (and optional per-row columns) in the tenant, in one insert. */
export async function seedActivities(
  db: Kysely<DB>,
  tenantId: number,
  rows: (
    | string
    | {
        name: string;
        description?: string | null;
        is_travel?: boolean;
        modified?: string | null;
        created?: string | null;
      }
  )[],
) {
  if (rows.length === 0) return;
  const now = nowTimestamp();
  await db
    .insertInto('activities')
    .values(
      rows.map((r) => {
        const row = typeof r === 'string' ? { name: r } : r;
        return { tenant_id: tenantId, description: null, is_travel: false, created: now, modified: now, ...row };
      }),
    )
    .execute();
}

/** Departments in the tenant (below no parent unless given), in one insert; returns their ids in order. */
export async function seedDepartments(
  db: Kysely<DB>,
  tenantId: number,
  rows: Partial<DB['departments']>[],
): Promise<number[]> {
  const now = nowTimestamp();
  const inserted = await db
    .insertInto('departments')
    .values(
      rows.map(
        (r) =>
          ({
            tenant_id: tenantId,
            name: 'Department',
            is_standard: false,
            parent_id: null,
            created: now,
            modified: now,
            ...(r as object),
          }) as any,
      ),
    )
    .returning('id')
    .execute();
  return inserted.map((r) => Number(r.id));
}

/** Path and query of an absolute link, for app.inject. */
export const linkTarget = (absolute: string) => {
  const u = new URL(absolute);
  return `${u.pathname}${u.search}`;
};

/** Request a list page and follow `links.next` to the end, like a client; returns every page. */
export async function walkPages(t: () => TestContext, c: Client, path: string): Promise<Response[]> {
  const pages = [await c.get(path)];
  while (pages.at(-1)!.body.links.next) {
    if (pages.length > 100) throw new Error('links.next never ends');
    const next = pages.at(-1)!.body.links.next as string;
    pages.push(
      await t().inject({ method: 'GET', url: linkTarget(next), headers: { authorization: `Bearer ${c.token}` } }),
    );
  }
  return pages;
}
