// Which record a request reads or writes, derived from the route's URL alone, so every resource (the CRUD kit's
// and hand-written ones, present and future) takes part in ETags and If-Match without declaring anything (what a
// write changed, for the change feed, comes from the write journal: collect.ts):
//   GET    /things/:id            read    of things/<id>      (ETag)
//   PATCH|PUT /things/:id         update  of things/<id>
//   DELETE /things/:id            delete  of things/<id>
//   POST   /things                create  of things/<data[id]> when /things/:id exists
//   any write /things/:id/action  update  of things/<id> (e.g. PATCH /attendances/:id/release)
// Nested resources keep their parents' keys: /employees/:username/meals/:id is type 'employees/meals', key 'max/3'.
import { API_PREFIX } from '../routing.js';

export type Op = 'create' | 'update' | 'delete';

export interface Target {
  /** 'attendances', 'employees/meals': the static segments of the item route. */
  type: string;
  /** Path parameters forming the key, in order. */
  params: string[];
  op: Op | 'read';
  /** create: the field of the response's data holding the new record's last key part. */
  createdKey?: string;
  /** An action below the record (its response need not be the record). */
  action?: boolean;
}

const isParam = (segment: string) => segment.startsWith(':');

function itemTarget(segments: string[], op: Target['op']): Target {
  return {
    type: segments.filter((s) => !isParam(s)).join('/'),
    params: segments.filter(isParam).map((s) => s.slice(1)),
    op,
  };
}

export class Targets {
  readonly #urls = new Set<string>();
  readonly #cache = new Map<string, Target | null>();

  /** Every API route's URL (called from onRoute). */
  add(url: string): void {
    if (url.startsWith(API_PREFIX)) this.#urls.add(url);
  }

  /** The record `method url` concerns, or null (lists, settings, the feed itself). */
  of(method: string, url: string): Target | null {
    const id = `${method} ${url}`;
    if (!this.#cache.has(id)) this.#cache.set(id, this.#resolve(method, url));
    return this.#cache.get(id)!;
  }

  #itemChild(url: string): string | undefined {
    const prefix = `${url}/:`;
    for (const u of this.#urls)
      if (u.startsWith(prefix) && !u.slice(prefix.length).includes('/')) return u.slice(prefix.length);
    return undefined;
  }

  #resolve(method: string, url: string): Target | null {
    if (!url.startsWith(API_PREFIX)) return null;
    const segments = url.slice(API_PREFIX.length).split('/').filter(Boolean);
    if (segments.length === 0) return null;
    const last = segments.at(-1)!;
    if (isParam(last)) {
      if (method === 'GET' || method === 'HEAD') return itemTarget(segments, 'read');
      if (method === 'PATCH' || method === 'PUT') return itemTarget(segments, 'update');
      if (method === 'DELETE') return itemTarget(segments, 'delete');
      return null;
    }
    if (method === 'GET' || method === 'HEAD') return null;
    const createdKey = method === 'POST' ? this.#itemChild(url) : undefined;
    if (createdKey)
      return {
        ...itemTarget(segments, 'create'),
        type: itemTarget([...segments, `:${createdKey}`], 'create').type,
        createdKey,
      };
    const parent = segments.slice(0, -1);
    if (parent.length && isParam(parent.at(-1)!) && this.#urls.has(API_PREFIX + '/' + parent.join('/')))
      return { ...itemTarget(parent, 'update'), action: true };
    return null;
  }
}

/**
 * A created record's key from the response: the field named like the item route's parameter, else `<param>_number`
 * (customers are addressed by customer_number), `id` or `name` (activities are addressed by name).
 */
function createdKeyValue(param: string, data?: Record<string, unknown> | null): unknown {
  return data?.[param] ?? data?.[`${param}_number`] ?? data?.id ?? data?.name;
}

/** The record's key as the feed shows it: its path parameters joined by '/'. */
export function keyOf(
  target: Target,
  params: Record<string, unknown>,
  data?: Record<string, unknown> | null,
): string | null {
  const parts = target.params.map((p) => params[p]);
  if (target.createdKey) parts.push(createdKeyValue(target.createdKey, data));
  if (parts.some((p) => p === undefined || p === null || p === '')) return null;
  return parts.map(String).join('/');
}
