// The robustness sweep's machinery: every operation of the OpenAPI document, a tenant with one real record per
// resource (so path keys exist), bad-input generators and a collector that reports every failure at once.
// A response passes when it is not a 5xx, and every 4xx is JSON with a string `message`.
import type { InjectOptions } from 'fastify';
import { MODULES } from '../../../src/tenancy/tenants.js';
import type { Client, Response, TestContext } from '../../support/app.js';
import { EXPLICIT_BASELINES, fromSchema, MissingRecord, NOT_SEEDED, RECORDED_AS, SEEDING_PUTS } from './baselines.js';
import { bookingWorld, type World as BookingWorld } from '../../support/booking-world.js';
import { dereference } from './openapi.js';
import { bodyText, hostileValues, refusedOn } from './hostile-values.js';

/**
 * Config of the sweep's apps: thousands of requests per token, so no rate limit may hide a response; the tenant
 * is cached (the sweep never changes it) to keep the run short.
 */
export const SWEEP_CONFIG = { rateLimit: { perFiveMinutes: 1_000_000, perHour: 1_000_000 }, tenantCacheMs: 60_000 };

export interface Operation {
  method: string;
  /** OpenAPI path relative to the tenant's base URL, e.g. /projects/{id}/tasks/{task_id}. */
  template: string;
  op: any;
}

/** Every operation of the full edition's OpenAPI document, in document order. */
export async function loadOperations(t: TestContext): Promise<Operation[]> {
  const doc = dereference((await t.inject({ method: 'GET', url: '/openapi/full.json' })).body);
  const ops: Operation[] = [];
  for (const [template, methods] of Object.entries<any>(doc.paths)) {
    for (const [method, op] of Object.entries<any>(methods)) ops.push({ method: method.toUpperCase(), template, op });
  }
  return ops;
}

export const pathParams = (template: string) => [...template.matchAll(/\{([^}]+)\}/g)].map((m) => m[1]);
export const paramSchema = (o: Operation, name: string) =>
  (o.op.parameters ?? []).find((p: any) => p.in === 'path' && p.name === name)?.schema ?? {};
export const queryParams = (o: Operation) =>
  (o.op.parameters ?? []).filter((p: any) => p.in === 'query') as { name: string; schema: any }[];
export const bodySchema = (o: Operation) => o.op.requestBody?.content?.['application/json']?.schema as any;
/** /customers/{customer}/contacts and /customers/{customer_number}/contacts name the same collection. */
export const collectionOf = (template: string) => template.replace(/\{[^}]+\}/g, '*');

/** The record field a path parameter names: ids by `id`, natural keys by their own field. */
const FIELD_OF_PARAM: Record<string, string> = {
  customer: 'customer_number',
  activity: 'name',
  name: 'name',
  username: 'username',
  customer_number: 'customer_number',
  invoice_number: 'invoice_number',
};
const fieldOf = (param: string) => FIELD_OF_PARAM[param] ?? 'id';

export interface World {
  c: Client;
  booking: BookingWorld;
  /** Last known record per collection (`/projects/*\/tasks`), kept current after successful updates. */
  records: Map<string, any>;
  /** Concrete values for the template's path parameters, or undefined when a record is missing. */
  keys(template: string): Record<string, string> | undefined;
  /** The path with the parameters filled in (URL-encoded unless `raw`: bad inputs are given already encoded). */
  fill(template: string, params: Record<string, string>, raw?: boolean): string;
  baseline(template: string): Promise<Record<string, unknown> | undefined>;
}

/**
 * A tenant with every module on, the booking prerequisites (employee with schedule, bookable project, task,
 * activities) and one record per resource, created through every POST of the OpenAPI document with its baseline
 * body (baselines.ts: from the schema, or explicit). Parents come first by retrying what still lacks one; a POST
 * that cannot be seeded fails the sweep with its route named.
 */
export async function seedWorld(t: TestContext): Promise<World> {
  const booking = await bookingWorld(t, { modules: [...MODULES] });
  const c = booking.c;
  const records = new Map<string, any>();
  const posts = new Map(
    (await loadOperations(t))
      .filter((o) => o.method === 'POST' && !NOT_SEEDED.has(o.template))
      .map((o) => [o.template, bodySchema(o)]),
  );
  const world: World = {
    c,
    booking,
    records,
    keys(template) {
      const segments = template.split('/');
      const out: Record<string, string> = {};
      for (let i = 0; i < segments.length; i++) {
        const m = /^\{(.+)\}$/.exec(segments[i]);
        if (!m) continue;
        const record = records.get(collectionOf(segments.slice(0, i).join('/')));
        const value = record?.[fieldOf(m[1])];
        if (value === undefined || value === null) return undefined;
        out[m[1]] = String(value);
      }
      return out;
    },
    fill(template, params, raw = false) {
      return template.replace(/\{([^}]+)\}/g, (_, name: string) =>
        raw ? params[name] : encodeURIComponent(params[name]),
      );
    },
    async baseline(template) {
      const explicit = EXPLICIT_BASELINES[template];
      if (explicit) return explicit(world);
      return posts.has(template) ? fromSchema(posts.get(template)) : undefined;
    },
  };
  const problems = new Map<string, string>();
  for (let pending = [...posts.keys()], progress = true; pending.length > 0 && progress;) {
    progress = false;
    const later: string[] = [];
    for (const template of pending) {
      const params = world.keys(template);
      let body: Record<string, unknown> | undefined;
      try {
        body = params && (await world.baseline(template));
      } catch (e) {
        if (!(e instanceof MissingRecord)) throw e;
        problems.set(template, `its baseline needs a record of ${e.message}`);
      }
      if (!params || !body) {
        if (!params) problems.set(template, 'a parent record is missing');
        later.push(template);
        continue;
      }
      const r = await c.post(world.fill(template, params), body);
      progress = true;
      if (r.status >= 300) problems.set(template, `${r.status} ${r.text.slice(0, 300)}`);
      else {
        problems.delete(template);
        if (r.body?.data) records.set(collectionOf(RECORDED_AS[template] ?? template), r.body.data);
      }
    }
    pending = later;
  }
  if (problems.size > 0) {
    const lines = [...problems].map(([template, why]) => `POST ${template}: ${why}`);
    throw new Error(`no working baseline body (add one to test/contract/support/baselines.ts):\n${lines.join('\n')}`);
  }
  for (const [template, body] of Object.entries(SEEDING_PUTS)) {
    const params = world.keys(template);
    const r = params && (await c.put(world.fill(template, params), body()));
    if (!r || r.status >= 300)
      throw new Error(
        `PUT ${template} (SEEDING_PUTS) failed: ${r ? `${r.status} ${r.text.slice(0, 300)}` : 'a parent record is missing'}`,
      );
  }
  await fillFromLists(world);
  return world;
}

/** Collections whose POST answers without the record (attachments): take the first row of the list. */
async function fillFromLists(world: World) {
  const docs = await world.c.get('/openapi.json');
  for (const template of Object.keys(docs.body.paths)) {
    const m = /^(.*)\/\{[^}]+\}$/.exec(template);
    if (!m || world.records.has(collectionOf(m[1]))) continue;
    const params = world.keys(m[1]);
    const list = params && (await world.c.get(world.fill(m[1], params)));
    if (list?.body?.data?.[0]) world.records.set(collectionOf(m[1]), list.body.data[0]);
  }
}

/** Collects every response that breaks the rules; `assertNone` reports them together. */
export class Findings {
  readonly failures: string[] = [];
  count = 0;
  check(label: string, r: Response): Response {
    this.count++;
    const type = String(r.headers['content-type'] ?? '');
    let problem: string | null = null;
    if (r.status === 429) problem = 'rate limited: build the app with SWEEP_CONFIG';
    else if (r.status >= 500) problem = 'server error';
    else if (r.status >= 300 && r.status < 400 && !r.headers.location)
      problem = 'redirect without a Location (a declared redirect such as GET /planning carries one)';
    else if (r.status >= 400 && (!type.startsWith('application/json') || typeof r.body?.message !== 'string'))
      problem = 'error without a JSON message';
    if (problem) this.failures.push(`${label} -> ${r.status} (${problem}) ${r.text.slice(0, 300)}`);
    return r;
  }
  /** A hostile value: besides the rules of check, the answer must be a 422 that names `field`. */
  refused(label: string, r: Response, field: string): Response {
    const before = this.failures.length;
    this.check(label, r);
    if (this.failures.length === before && !refusedOn(r, field))
      this.failures.push(`${label} -> ${r.status}, not a 422 on ${field}: ${r.text.slice(0, 300)}`);
    this.hostile++;
    return r;
  }
  /** Hostile values sent (a figure of the run). */
  hostile = 0;
  message(): string {
    return `${this.failures.length} of ${this.count} requests failed:\n${this.failures.join('\n')}`;
  }
}

/** The change feed's position now: what a refused write must leave unchanged. */
export async function feedCursor(c: Client): Promise<string> {
  let cursor = '0';
  for (;;) {
    const page = await c.get(`/changes?since=${cursor}&limit=1000`);
    if (page.status !== 200) throw new Error(`GET /changes: ${page.status} ${page.text.slice(0, 200)}`);
    if (page.body.data.length === 0) return page.body.next_cursor;
    cursor = page.body.next_cursor;
  }
}

/** The feed's changes after `cursor` (none after refused writes), as "op type/key" lines. */
export async function changesSince(c: Client, cursor: string): Promise<string[]> {
  const page = await c.get(`/changes?since=${cursor}&limit=20`);
  return (page.body?.data ?? []).map((x: any) => `${x.op} ${x.type}/${x.key}`);
}

/** Multipart bodies the upload routes must refuse with a 4xx in the envelope: no boundary, an empty one. */
const BOUNDARYLESS_MULTIPART = [
  'multipart/form-data',
  'multipart/form-data; boundary=',
  'multipart/form-data; charset=utf-8',
];
/** Upload routes: their JSON body carries `file_contents` (src/http/uploads.ts); they take multipart/form-data too. */
const takesMultipart = (o: Operation) => Boolean(bodySchema(o)?.properties?.file_contents);
const MULTIPART_FILE = '--x\r\nContent-Disposition: form-data; name="file"; filename="a.txt"\r\n\r\nhello\r\n--x--\r\n';

/** On an upload route, a multipart body without a boundary is the 422 on `file` of a body without parts. */
export async function checkBoundaryless(findings: Findings, c: Client, o: Operation, path: string): Promise<void> {
  if (!takesMultipart(o)) return;
  for (const type of BOUNDARYLESS_MULTIPART)
    findings.refused(
      `${o.method} ${o.template} content-type: ${type}`,
      await send(c, o.method, path, MULTIPART_FILE, { 'content-type': type }),
      'file',
    );
}

let sweepAddress = 1;

/** Send a request whose body is exactly `payload` (JSON text), or none. */
export function send(
  c: Client,
  method: string,
  path: string,
  payload?: string,
  headers: Record<string, string> = {},
): Promise<Response> {
  const opts: Partial<InjectOptions> = {
    headers: payload !== undefined ? { 'content-type': 'application/json', ...headers } : headers,
  };
  // Signing in backs off per address (single sign-on counts every attempt): each sign-in request of a sweep comes
  // from an address of its own, so the sweep sees each input's own answer, not the back-off's 429.
  if (/\/sessions(\/|\?|$)/.test(path))
    opts.remoteAddress = `10.${sweepAddress >> 16}.${(sweepAddress >> 8) & 255}.${sweepAddress++ & 255}`;
  return c.request(method, path, payload, opts);
}

/** Short printable form of an input for failure messages. */
export function describe(value: unknown): string {
  const text = typeof value === 'string' ? value : JSON.stringify(value);
  if (text === undefined) return String(value);
  return text.length > 60 ? `${text.slice(0, 40)}…(${text.length} chars)` : text;
}

export const LONG = 'x'.repeat(10_001);

/** Path parameter values that must never break a route. */
export const BAD_INT_PARAMS = [
  'abc',
  '%00',
  '999999999',
  '-1',
  '0',
  '1.5',
  '99999999999999999999',
  '9007199254740992',
  '2147483648',
  'x'.repeat(300),
  '%F0%9F%98%80',
  "1'%20OR%20'1'='1",
];
export const BAD_STRING_PARAMS = [
  'does-not-exist',
  '%00',
  'x'.repeat(300),
  'x'.repeat(600),
  '%F0%9F%98%80',
  '%C3%28',
  '%2F',
  "a'%20OR%20'1'='1",
  '%25',
  '..',
  'a%0Ab',
];

/** Query values: wrong types, empty, huge, control characters. */
export const BAD_QUERY_VALUES = ['', 'abc', '-1', '99999999999999999999', 'x'.repeat(3000), '%00', '2024-13-45'];

/** Property values by declared type: the wrong types, out-of-range and over-long values that type must survive. */
const BIG_ARRAY = Array.from({ length: 5_000 }, (_, i) => i); // more than any maxItems
const BAD_BY_TYPE: Record<string, unknown[]> = {
  string: [12345, [], '', LONG, 'a\u0000b'],
  integer: ['abc', 1.5, -1, 2147483648, 1e20, 1e300, '99999999999999999999', []],
  number: ['abc', 'NaN', -1, 1e300, []],
  boolean: ['maybe', 2, []],
  array: ['abc', BIG_ARRAY, [LONG], [null]],
  object: ['abc', [], 1],
};
/** Extra values for date-like strings. */
export const BAD_DATE_VALUES = ['2024-02-30', '9999-12-31', '0001-01-01', '2024-1-1'];
const isDateLike = (s: any) =>
  s?.format === 'date' || (typeof s?.pattern === 'string' && s.pattern.includes('\\d{4}-\\d{2}-\\d{2}'));
const typesOf = (s: any): string[] => {
  if (Array.isArray(s?.type)) return s.type;
  return s?.type ? [s.type] : ['string', 'number', 'array', 'object'];
};

/** Bad values for one property schema: null and an object always, then by type, enum and date format. */
export function badValues(schema: any): unknown[] {
  const values = new Set<unknown>([null, {}]);
  for (const type of typesOf(schema)) for (const v of BAD_BY_TYPE[type] ?? []) values.add(v);
  if (Array.isArray(schema?.enum)) values.add('not-an-option').add(99);
  if (isDateLike(schema)) for (const v of BAD_DATE_VALUES) values.add(v);
  return [...values];
}

/** Whole bodies that are not an object. */
export const NON_OBJECT_BODIES = ['[]', '"text"', '123', 'null', 'true', '', '{', '[{"a":1}]'];

/** A variant of a body: its label, the properties to set, and the field that must refuse it (a hostile value). */
export type BodyVariant = [label: string, changes: Record<string, unknown>, refusedBy?: string];

/**
 * Variants: each property of the schema wrong in turn, to merge into a valid body (POST) or to send alone (PATCH).
 * Objects in arrays are varied on top of the item `base` holds for that property. Hostile values
 * (hostile-values.ts) come first and name the field that must answer 422; the other bad values only must not
 * break the route (a 4xx in the envelope, or the record written when the value is fine).
 */
export function bodyVariants(schema: any, base: Record<string, unknown> = {}): BodyVariant[] {
  const out: BodyVariant[] = [[`unknown property`, { zz_unknown_property: LONG }]];
  const vary = (field: string, propSchema: any, wrap: (v: unknown) => Record<string, unknown>) => {
    const hostile = hostileValues(propSchema);
    const seen = new Set(hostile.map((v) => bodyText(v)));
    for (const v of hostile) out.push([`${field}=${describe(v)}`, wrap(v), field]);
    for (const v of badValues(propSchema)) if (!seen.has(bodyText(v))) out.push([`${field}=${describe(v)}`, wrap(v)]);
  };
  for (const [prop, propSchema] of Object.entries<any>(schema?.properties ?? {})) {
    vary(prop, propSchema, (v) => ({ [prop]: v }));
    let nested = propSchema.properties ? propSchema : null;
    if (propSchema.items?.properties) nested = propSchema.items;
    if (!nested) continue;
    const inArray = nested === propSchema.items;
    const current = base[prop] as any;
    const nestedBase = (inArray ? current?.[0] : current) ?? {};
    for (const [np, npSchema] of Object.entries<any>(nested.properties)) {
      vary(`${prop}.${np}`, npSchema, (v) => {
        const item = { ...nestedBase, [np]: v };
        return { [prop]: inArray ? [item] : item };
      });
    }
  }
  return out;
}
