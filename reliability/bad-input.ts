// Bad input generated from the OpenAPI document, seeded and reproducible: every operation gets path, query and
// body values that are sometimes valid and often hostile (wrong types, non-finite and huge numbers, NUL and lone
// surrogates, deep nesting, long arrays, impossible dates, injection text, broken JSON, other content types).
// Every answer must be below 500, in the JSON {message} envelope, without a stack, SQL or a file path.
import { Random } from './random.js';

type Schema = Record<string, any>;

export interface Operation {
  method: string;
  path: string;
  pathParams: string[];
  queryParams: Schema[];
  body?: Schema;
}

export interface Sent {
  method: string;
  url: string;
  payload?: string;
  contentType?: string;
}

export interface BadInputResult {
  seed: number;
  requests: number;
  operations: number;
  byStatus: Record<string, number>;
  serverErrors: number;
  notEnvelope: number;
  leaks: number;
  examples: string[];
}

/** The operations of an OpenAPI document (paths relative to the API base). */
export function operationsOf(doc: Schema): Operation[] {
  const out: Operation[] = [];
  for (const [path, item] of Object.entries<Schema>(doc.paths ?? {})) {
    for (const [method, op] of Object.entries<Schema>(item)) {
      if (!['get', 'post', 'put', 'patch', 'delete'].includes(method)) continue;
      const params: Schema[] = op.parameters ?? [];
      out.push({
        method: method.toUpperCase(),
        path,
        pathParams: params.filter((p) => p.in === 'path').map((p) => p.name),
        queryParams: params.filter((p) => p.in === 'query'),
        body: op.requestBody?.content?.['application/json']?.schema,
      });
    }
  }
  return out;
}

const HOSTILE_STRINGS = [
  '',
  ' ',
  'a\u0000b',
  'x\ud800',
  '\udc00y',
  "' OR 1=1 --",
  '"; DROP TABLE employees; --',
  '../../etc/passwd',
  '%00',
  'ä😀\u202e',
  'Infinity',
  '-Infinity',
  'NaN',
  '1e400',
  '-0',
  '99999999999999999999',
  '2026-02-30',
  '0000-00-00',
  '0000-01-01',
  '10000-01-01',
  '2026-12-09T00:00:00',
  '9999-12-31',
  '25:61:00',
  '2026-01-01T25:00:00Z',
  'x'.repeat(300),
  'y'.repeat(70_000),
];
const HOSTILE_NUMBERS = [
  0,
  -1,
  1.5,
  -0.5,
  2 ** 53,
  2 ** 63,
  -(2 ** 63),
  1e308,
  -1e308,
  5e-324,
  Number.MAX_SAFE_INTEGER + 2,
];
const HOSTILE_PATH = [
  '0',
  '-1',
  '1',
  '99999999999999999999',
  'Infinity',
  '1e400',
  '%00',
  '%ED%A0%80',
  '..%2F..%2Fx',
  '%27%20OR%201%3D1',
  'a'.repeat(600),
  '%F0%9F%98%80',
  '1.5',
  'null',
];
const HOSTILE_QUERY = [
  'Infinity',
  '-Infinity',
  '1e400',
  'NaN',
  '-1',
  '0',
  '%00',
  '%ED%A0%80',
  '2026-13-45',
  'a'.repeat(2000),
  '%27%3B--',
  '',
  '1,2,3',
];

function hostileValue(r: Random, depth: number): unknown {
  switch (r.int(9)) {
    case 0:
      return r.pick(HOSTILE_STRINGS);
    case 1:
      return r.pick(HOSTILE_NUMBERS);
    case 2:
      return r.pick([true, false, null]);
    case 3:
      return depth < 3 ? { nested: hostileValue(r, depth + 1), [r.pick(HOSTILE_STRINGS).slice(0, 20)]: 1 } : {};
    case 4:
      return Array.from({ length: r.pick([0, 1, 3, 1000, 20_000]) }, () => r.pick([1, 'a', null]));
    case 5: {
      let v: unknown = 1;
      for (let i = 0; i < 60; i++) v = [v];
      return v;
    }
    case 6:
      return r.string(1, 12);
    case 7:
      return -r.int(1000);
    default:
      return r.pick(HOSTILE_STRINGS);
  }
}

/** A value for the schema: valid-looking most of the time, hostile otherwise. */
function valueFor(schema: Schema | undefined, r: Random, depth = 0): unknown {
  if (!schema || depth > 6 || r.int(4) === 0) return hostileValue(r, depth);
  if (schema.anyOf || schema.oneOf) return valueFor(r.pick(schema.anyOf ?? schema.oneOf), r, depth);
  if (schema.enum) return r.pick(schema.enum);
  const type = Array.isArray(schema.type) ? r.pick(schema.type) : schema.type;
  switch (type) {
    case 'object': {
      const out: Record<string, unknown> = {};
      for (const [k, s] of Object.entries<Schema>(schema.properties ?? {}))
        if (r.int(3) > 0) out[k] = valueFor(s, r, depth + 1);
      return out;
    }
    case 'array':
      return Array.from({ length: r.int(4) }, () => valueFor(schema.items, r, depth + 1));
    case 'integer':
      return r.int(5) === 0 ? r.pick(HOSTILE_NUMBERS) : 1 + r.int(100);
    case 'number':
      return r.int(5) === 0 ? r.pick(HOSTILE_NUMBERS) : r.next() * 100;
    case 'boolean':
      return r.int(2) === 1;
    case 'string':
      if (schema.format === 'date') return r.pick(['2026-03-02', '2026-02-30', '1900-01-01']);
      if (schema.format === 'time') return r.pick(['08:00:00', '24:00:00', '8:00']);
      return r.int(4) === 0 ? r.pick(HOSTILE_STRINGS) : r.string(1, 20);
    case 'null':
      return null;
    default:
      return hostileValue(r, depth);
  }
}

function queryValue(param: Schema, r: Random): string {
  if (r.int(2) === 0) return r.pick(HOSTILE_QUERY);
  const v = valueFor(param.schema, r);
  try {
    return encodeURIComponent(typeof v === 'string' ? v : (JSON.stringify(v) ?? ''));
  } catch {
    return '%ED%A0%80'; // a lone surrogate has no UTF-8: send the bytes it would have
  }
}

/** The i-th request of a seeded run. */
export function generate(ops: readonly Operation[], base: string, seed: number, i: number): Sent {
  const r = new Random(seed * 1_000_003 + i);
  const op = r.pick(ops);
  let path = op.path;
  for (const p of op.pathParams)
    path = path.replace(`{${p}}`, r.int(3) === 0 ? String(1 + r.int(5)) : r.pick(HOSTILE_PATH));
  const query: string[] = [];
  for (const q of op.queryParams) if (r.int(3) === 0) query.push(`${q.name}=${queryValue(q, r)}`);
  if (r.int(6) === 0) query.push(`${r.pick(['page', 'limit', 'orderBy', 'x[]', 'order'])}=${r.pick(HOSTILE_QUERY)}`);
  const url = `${base}${path}${query.length ? `?${query.join('&')}` : ''}`;
  if (op.method === 'GET' || op.method === 'DELETE') return { method: op.method, url };
  switch (r.int(12)) {
    case 0:
      return {
        method: op.method,
        url,
        payload: r.pick([
          '{',
          '{"a":}',
          '[1,2',
          'null',
          '"x"',
          '{"__proto__":{"x":1}}',
          '{"constructor":{"prototype":{"x":1}}}',
        ]),
        contentType: 'application/json',
      };
    case 1:
      return {
        method: op.method,
        url,
        payload: 'name=x&y=z',
        contentType: r.pick([
          'text/plain',
          'application/x-www-form-urlencoded',
          'application/xml',
          'multipart/form-data; boundary=x',
          'multipart/form-data',
        ]),
      };
    default:
      return {
        method: op.method,
        url,
        payload: JSON.stringify(valueFor(op.body ?? { type: 'object' }, r)),
        contentType: 'application/json',
      };
  }
}

const LEAK =
  /\n\s+at \S|\.[jt]s:\d+|node_modules|\/work\/|\/home\/|SQLITE_|syntax error|violates|relation "|duplicate key|ECONN|Kysely/i;

/** Judges one answer; returns a problem description or undefined. */
export function judge(
  status: number,
  contentType: string | undefined,
  body: string,
): { serverError: boolean; notEnvelope: boolean; leak: boolean } {
  let parsed: unknown;
  try {
    parsed = body === '' ? undefined : JSON.parse(body);
  } catch {
    parsed = undefined;
  }
  const isError = status >= 400;
  const envelope =
    !isError ||
    (typeof parsed === 'object' &&
      parsed !== null &&
      typeof (parsed as { message?: unknown }).message === 'string' &&
      /json/.test(contentType ?? ''));
  return { serverError: status >= 500, notEnvelope: !envelope, leak: isError && LEAK.test(body) };
}

/** Run `count` generated requests through `send`; tallies statuses and problems. */
export async function runBadInput(
  ops: readonly Operation[],
  base: string,
  seed: number,
  count: number,
  send: (s: Sent) => Promise<{ status: number; contentType?: string; body: string }>,
): Promise<BadInputResult> {
  const result: BadInputResult = {
    seed,
    requests: 0,
    operations: ops.length,
    byStatus: {},
    serverErrors: 0,
    notEnvelope: 0,
    leaks: 0,
    examples: [],
  };
  for (let i = 0; i < count; i++) {
    const s = generate(ops, base, seed, i);
    const a = await send(s);
    result.requests++;
    result.byStatus[a.status] = (result.byStatus[a.status] ?? 0) + 1;
    const j = judge(a.status, a.contentType, a.body);
    if (j.serverError) result.serverErrors++;
    if (j.notEnvelope) result.notEnvelope++;
    if (j.leak) result.leaks++;
    if ((j.serverError || j.notEnvelope || j.leak) && result.examples.length < 10) {
      result.examples.push(
        `#${i} ${s.method} ${s.url.slice(0, 200)} ${s.contentType ?? ''} ${String(s.payload ?? '').slice(0, 200)} -> ${a.status} ${a.body.slice(0, 200)}`,
      );
    }
  }
  return result;
}
