// The changed records as feed entries: each record as its GET answers it (the `data` of its detail route, through
// that route's response schema), created, updated (with previous_key after a rename) or deleted. The route's own
// record comes from its answer when the route answers with the record as its GET does; the others are loaded
// through their type's loader (records.ts).
import type { TSchema } from '@sinclair/typebox';
import type { FastifyReply, FastifyRequest, RouteOptions } from 'fastify';
import type { ChangeInput } from '../../values/changes.js';
import type { Scope } from '../../tenancy/scope.js';
import type { RecordChange } from './collect.js';
import type { RecordType } from './records.js';
import type { Targets } from './targets.js';

export interface Entry {
  change: RecordChange;
  input: ChangeInput;
}

type Serialize = (data: unknown) => string;

export class Presenter {
  /** Per record type: the `data` schema of its detail GET. */
  readonly #detail = new Map<string, TSchema>();
  /** Per 'METHOD url' of a write route: its response schemas by status. */
  readonly #answers = new Map<string, Record<string, { properties?: { data?: unknown } } | undefined>>();
  readonly #answersRecord = new Map<string, boolean>();
  readonly #serializers = new Map<string, Serialize>();

  /** Learn a route's schemas (onRoute). */
  route(route: RouteOptions, targets: Targets): void {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    const response = route.schema?.response as Record<string, { properties?: { data?: TSchema } }> | undefined;
    for (const method of methods) {
      if (method === 'GET') {
        const target = targets.of('GET', route.url);
        const data = response?.['200']?.properties?.data;
        if (target?.op === 'read' && data) this.#detail.set(target.type, data);
      } else if (response) this.#answers.set(`${method} ${route.url}`, response);
    }
  }

  /** Does the route answer (with this status) the record as its GET shows it? */
  answersRecord(request: FastifyRequest, type: string, status: number): boolean {
    const id = `${request.method} ${request.routeOptions.url} ${status}`;
    let known = this.#answersRecord.get(id);
    if (known === undefined) {
      const data = this.#answers.get(`${request.method} ${request.routeOptions.url}`)?.[String(status)]?.properties
        ?.data;
      const detail = this.#detail.get(type);
      known =
        data !== undefined &&
        detail !== undefined &&
        (data === detail || JSON.stringify(data) === JSON.stringify(detail));
      this.#answersRecord.set(id, known);
    }
    return known;
  }

  /** The record's JSON in a serialised {"data": …} answer. */
  dataOf(payload: unknown): string | undefined {
    return typeof payload === 'string' && payload.startsWith('{"data":{') && payload.endsWith('}')
      ? payload.slice(8, -1)
      : undefined;
  }

  #serializer(reply: FastifyReply, type: string): Serialize {
    let fn = this.#serializers.get(type);
    if (!fn) {
      const schema = this.#detail.get(type);
      fn = schema
        ? (reply.compileSerializationSchema(schema as unknown as Record<string, unknown>) as Serialize)
        : (data) => JSON.stringify(data);
      this.#serializers.set(type, fn);
    }
    return fn;
  }

  /** One entry per changed record: the route's own first; records that vanish from view are deletions. */
  async entries(
    reply: FastifyReply,
    scope: Scope,
    changes: readonly RecordChange[],
    own: RecordChange | undefined,
    ownData: string | undefined,
  ): Promise<Entry[]> {
    const data = new Map<RecordChange, string | null>();
    const wanted = new Map<RecordType, RecordChange[]>();
    for (const c of changes) {
      if (c.after === null || c.afterKey === null) continue;
      if (c === own && ownData !== undefined) data.set(c, ownData);
      else (wanted.get(c.type) ?? wanted.set(c.type, []).get(c.type)!).push(c);
    }
    for (const [type, list] of wanted) {
      const found = await type.load(
        scope,
        list.map((c) => c.afterKey!),
      );
      const serialize = this.#serializer(reply, type.type);
      for (const c of list) {
        const record = found.get(c.afterKey!.join('/'));
        data.set(c, record === undefined ? null : serialize(record));
      }
    }
    const out: Entry[] = [];
    for (const c of changes) {
      const before = c.before !== null && c.beforeKey !== null ? c.beforeKey.join('/') : null;
      const text = data.get(c) ?? null;
      let input: ChangeInput | null;
      if (text === null)
        input = before !== null && !c.derived ? { type: c.type.type, key: before, op: 'delete', data: null } : null;
      else {
        const key = c.afterKey!.join('/');
        input =
          before === null
            ? { type: c.type.type, key, op: 'create', data: text }
            : { type: c.type.type, key, op: 'update', previous_key: before !== key ? before : null, data: text };
      }
      if (input) c === own ? out.unshift({ change: c, input }) : out.push({ change: c, input });
    }
    return out;
  }
}
