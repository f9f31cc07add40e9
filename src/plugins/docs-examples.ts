// "Try it out" examples for every write operation of /docs, derived from the demo tenant's own
// records, so that ids (global per table: a fixed id matches only the first tenant of a database) and keys are
// that tenant's:
// - path values: the first record of each collection on the way (e.g. /projects/{id}/tasks/{task_id}: a project
//   that has a task, then that task);
// - an update (PUT/PATCH of a record): one writable field of that record, set to the value it has;
// - a create: an existing record of the same collection seen through the Create schema, with its unique keys
//   made new; or a curated body from the module's <module>.examples.ts, whose references are resolved the same way.
// The records are read through the API itself with a short-lived read-only token, deleted at once (a
// revoked one would stay in the tenant's token list, one per resolution). The docs
// routes cache the result per demo tenant (a regenerated tenant is a new tenant) for EXAMPLES_TTL_MS.
import type { FastifyInstance } from 'fastify';
import { findTenant } from '../tenancy/tenants.js';
import { INTERNAL_REQUEST } from './logging.js';
import { createToken, deleteToken } from '../tenancy/tokens.js';
import { monthStart, secondMonday } from '../values/dates.js';

type Json = Record<string, any>;

/**
 * The bodies "Try it out" offers beyond copies of existing records: fixed ones by schema name (the OpenAPI document
 * shows them as the schema's `examples`) and curated ones by operation ("POST /attendances"). Each module declares
 * its own (`examples` exported by its index.ts from <module>.examples.ts); src/modules/index.ts collects them and
 * app.ts hands them to the app (app.zk.examples). Each is accepted by a fresh demo tenant (src/demo), so the first
 * click succeeds: keys are new (customer 2001, employee erika.beispiel, …) and references name demo records;
 * test/docs/try-it-out.test.ts sends every one to a fresh demo tenant. On /docs their keys carry the stamp of the
 * resolution: a second click of the same body is a 422 on that key, as for any duplicate; examples resolved later
 * carry new keys.
 */
export interface TryItOutExamples {
  bodies: Readonly<Record<string, Record<string, unknown>>>;
  curated: Readonly<Record<string, (ctx: ExampleContext) => Promise<unknown>>>;
}

/** What one module declares: any of the two kinds. */
export type ModuleExamples = Partial<TryItOutExamples>;

/**
 * Dates for example bodies. No demo record uses the free days (the demo data spans the previous month to the next
 * one): a copied booking, absence or meal moved there does not overlap its original. Periods starting at farStart
 * begin after every other.
 */
export const EXAMPLE_DATES = {
  freeDay: secondMonday(monthStart(3)),
  freeAbsence: secondMonday(monthStart(4)),
  farStart: monthStart(36),
};

/** The file an upload example sends. */
export const EXAMPLE_FILE = {
  filename: 'notiz.txt',
  content_type: 'text/plain',
  file_contents: Buffer.from('Notiz aus der API-Referenz\n').toString('base64'),
};

/** A record not yet billed (a billed booking refuses changes): the one an example copies. */
export const unbilled = (r: Record<string, any>) => !r.invoice_item_id;

/** What a curated body may use: the operation's resolved path values, a copy of the first record of its own collection
 * seen through its body schema (`copy`, unique keys made new, billed records skipped), and the demo tenant's lists
 * (URLs relative to the tenant's API base, e.g. `/projects`). */
export interface ExampleContext {
  path: Record<string, string | number>;
  /** Makes keys new: taken once per resolution of the examples (src/plugins/docs-examples.ts, newStamp). */
  stamp: string;
  copy(pick?: (record: Record<string, any>) => boolean): Promise<Record<string, any>>;
  first(url: string, pick?: (record: Record<string, any>) => boolean): Promise<Record<string, any> | undefined>;
  /** One record (its `data`). */
  get(url: string): Promise<Record<string, any> | undefined>;
  all(url: string): Promise<Record<string, any>[]>;
}
export interface OperationExample {
  path: Record<string, string | number>;
  body: unknown;
}
/** "POST /customers" → its example. */
export type Examples = Map<string, OperationExample>;

const WRITES = ['post', 'put', 'patch'];
const JSON_TYPE = 'application/json';
/** String fields that identify a record: a create copies a record with these made new. */
const UNIQUE = ['name', 'username', 'number', 'id', 'subject', 'url', 'email'];
/** Fields a copy leaves out: they tie the copied record to an invoice or to the client that made it. */
const NOT_COPIED = ['invoice_item_id', 'invoice_id', 'invoice_number', 'client_id'];
/** The field an update example sets (to the value it has), in order of preference. */
const UPDATE_FIELDS = ['name', 'description', 'comment', 'note', 'subject', 'title'];

/** A record an update is refused on: linked to an invoice item, or a billed invoice or invoice item (its status). */
const locked = (r: Json) => Boolean(r.invoice_item_id) || r.status?.name === 'Billed';

export const opKey = (method: string, path: string) => `${method.toUpperCase()} ${path}`;

/** The write operations /docs offers "Try it out" on with a JSON body. */
export function jsonWrites(
  doc: Json,
): { path: string; method: string; op: Json; name: string | undefined; schema: Json | undefined }[] {
  return Object.entries<Json>(doc.paths ?? {}).flatMap(([path, item]) =>
    WRITES.filter((m) => item[m]?.requestBody?.content?.[JSON_TYPE]).map((method) => {
      const media = item[method].requestBody.content[JSON_TYPE];
      const name = typeof media.schema?.$ref === 'string' ? (media.schema.$ref as string).split('/').pop() : undefined;
      return { path, method, op: item[method] as Json, name, schema: deref(doc, media.schema) };
    }),
  );
}

function deref(doc: Json, schema: Json | undefined): Json | undefined {
  for (let s = schema, n = 0; s && n < 10; n++) {
    if (typeof s.$ref !== 'string') return s;
    s = doc.components?.schemas?.[s.$ref.split('/').pop()!];
  }
  return undefined;
}

/** A schema's properties, those of its allOf members included. */
function propertiesOf(doc: Json, schema: Json | undefined): Json {
  const s = deref(doc, schema);
  if (!s) return {};
  return Object.assign({}, ...(s.allOf ?? []).map((m: Json) => propertiesOf(doc, m)), s.properties ?? {});
}

const isScalar = (v: unknown) => ['string', 'number', 'boolean'].includes(typeof v);

/** Whether a stored value fits a property's schema well enough to send back. */
function fits(doc: Json, propSchema: Json | undefined, value: unknown): boolean {
  const s = deref(doc, propSchema);
  if (!s || value === null || value === undefined) return false;
  const branches = s.anyOf ?? s.oneOf;
  if (Array.isArray(branches)) return branches.some((b: Json) => fits(doc, b, value));
  if (Array.isArray(s.allOf) && !s.type) return s.allOf.every((b: Json) => fits(doc, b, value));
  if (Array.isArray(s.enum)) return s.enum.includes(value);
  if (typeof s.maxLength === 'number' && typeof value === 'string' && value.length > s.maxLength) return false;
  const type = Array.isArray(s.type) ? s.type : [s.type];
  if (type.includes('string'))
    return typeof value === 'string' && (!s.pattern || new RegExp(s.pattern, 'u').test(value));
  if (type.includes('integer')) return Number.isInteger(value);
  if (type.includes('number')) return typeof value === 'number';
  if (type.includes('boolean')) return typeof value === 'boolean';
  if (type.includes('array')) return Array.isArray(value) && value.every((v) => isScalar(v) && fits(doc, s.items, v));
  return false;
}

/** The stamp that makes keys new, taken once per resolution of the examples: seconds since the epoch, in base 36
 * (repeats after about 1.9 years) and in digits for numeric keys (repeats after about 28 hours). Examples resolved at
 * different times therefore carry different keys; one resolution's examples are the same on every click
 * (docs/api/try-it-out.md, "A second click"). */
export interface Stamp {
  text: string;
  digits: string;
}
export function newStamp(now = Date.now()): Stamp {
  const seconds = Math.floor(now / 1000);
  return { text: seconds.toString(36).slice(-5), digits: String(seconds % 100_000).padStart(5, '0') };
}

/** A new value for a unique key (copied from an existing record, or of a fixed example body), or the value as it is
 * when the stamped value does not fit the property's schema. */
function fresh(doc: Json, field: string, value: string, propSchema: Json | undefined, stamp: Stamp): string {
  const s = deref(doc, propSchema);
  const max = (s?.maxLength as number | undefined) ?? 255;
  const textSuffix = field === 'url' || field === 'email' || !/\s/.test(value) ? `-${stamp.text}` : ` (${stamp.text})`;
  const suffix = /^\d+$/.test(value) ? stamp.digits : textSuffix;
  const room = (text: string) => text.slice(0, Math.max(0, max - suffix.length));
  let next: string;
  if (field === 'email') next = value.replace(/^([^@]*)/, (local) => room(local) + suffix);
  else if (field === 'username' || field === 'id') next = (room(value) + suffix).toLowerCase();
  else next = room(value) + suffix;
  return fits(doc, s, next) ? next : value;
}

/** String keys of a fixed example body that a second resolution must not repeat. */
const isKey = (field: string) => UNIQUE.includes(field) || field.endsWith('_number');

/** A fixed example body (TryItOutExamples.bodies) with its keys stamped where the schema allows. */
function stamped(doc: Json, props: Json, body: Json, stamp: Stamp): Json {
  return Object.fromEntries(
    Object.entries(body).map(([field, value]) => [
      field,
      isKey(field) && typeof value === 'string' ? fresh(doc, field, value, props[field], stamp) : value,
    ]),
  );
}

/** Resolves examples against one tenant through the API (app.inject). */
export async function resolveExamples(
  app: FastifyInstance,
  doc: Json,
  instance: string,
  now = Date.now(),
): Promise<Examples | undefined> {
  const { db } = app.zk;
  const { bodies, curated: curatedBodies } = app.zk.examples;
  const stamp = newStamp(now);
  const tenant = await findTenant(db, instance);
  if (!tenant) return undefined;
  const { token, info } = await createToken(db, tenant.id, {
    name: 'docs examples (deleted at once)',
    readOnly: true,
    expiresInDays: 1,
  });
  const base = `/${instance}/next/api/v1`;
  const gets = new Map<string, Promise<any>>();
  const get = (url: string): Promise<any> => {
    let p = gets.get(url);
    if (!p) {
      p = app
        .inject({
          method: 'GET',
          url: base + url,
          headers: { authorization: `Bearer ${token}`, [INTERNAL_REQUEST.header]: INTERNAL_REQUEST.value },
        })
        .then((r) => (r.statusCode === 200 ? r.json() : undefined));
      gets.set(url, p);
    }
    return p;
  };
  const list = async (url: string, limit = 20): Promise<Json[]> => {
    const body = await get(`${url}${url.includes('?') ? '&' : '?'}limit=${limit}`);
    return Array.isArray(body?.data) ? body.data : [];
  };
  const first = async (url: string, pick?: (r: Json) => boolean) => (await list(url)).find((r) => !pick || pick(r));

  /** Path values: the first record on the way that has what the rest of the path needs. */
  const resolvePath = async (
    segments: string[],
    prefix: string,
    values: Record<string, string | number>,
    needRecord: boolean,
    lockedFirst = false,
  ): Promise<Record<string, string | number> | undefined> => {
    const i = segments.findIndex((s) => s.startsWith('{'));
    if (i < 0) {
      const url = prefix + segments.map((s) => `/${s}`).join('');
      return !needRecord || (await get(url)) !== undefined ? values : undefined;
    }
    const collection =
      prefix +
      segments
        .slice(0, i)
        .map((s) => `/${s}`)
        .join('');
    const param = segments[i]!.slice(1, -1);
    // Records an invoice has billed, and billed invoices and items, are locked: the others first (a correction is
    // meant for a billed invoice: locked first).
    const records = [...(await list(collection))].sort(
      (a, b) => (Number(locked(a)) - Number(locked(b))) * (lockedFirst ? -1 : 1),
    );
    for (const record of records) {
      for (const value of keysOf(record, param)) {
        const found = await resolvePath(
          segments.slice(i + 1),
          `${collection}/${encodeURIComponent(String(value))}`,
          { ...values, [param]: value },
          needRecord,
          lockedFirst,
        );
        if (found) return found;
      }
    }
    return undefined;
  };

  const examples: Examples = new Map();
  try {
    for (const { path, method, name, schema } of jsonWrites(doc)) {
      const key = opKey(method, path);
      const segments = path.split('/').filter(Boolean);
      const pathValues = await resolvePath(segments, '', {}, method !== 'post', path.endsWith('/correction'));
      if (!pathValues) continue;
      const concrete = path.replace(/\{([^}]+)\}/g, (_m, p: string) => encodeURIComponent(String(pathValues[p])));
      const props = propertiesOf(doc, schema);
      let body: unknown;
      const curated = curatedBodies[key];
      const ctx: ExampleContext = {
        path: pathValues,
        stamp: stamp.text,
        first,
        get: async (url) => (await get(url))?.data,
        all: (url) => list(url, 200),
        copy: async (pick) => {
          const source = await first(concrete, (r) => !r.invoice_item_id && (!pick || pick(r)));
          return source ? copyThrough(doc, props, source, stamp) : {};
        },
      };
      if (curated) body = await curated(ctx);
      else if (method === 'post' && name && bodies[name]) body = stamped(doc, props, bodies[name], stamp);
      else if (method === 'post') {
        const source = (await list(concrete))[0];
        if (!source) continue;
        body = copyThrough(doc, props, source, stamp);
      } else {
        const record = (await get(concrete))?.data;
        if (!record) continue;
        const field = [...UPDATE_FIELDS, ...Object.keys(props)].find((f) => props[f] && fits(doc, props[f], record[f]));
        body = field ? { [field]: record[field] } : {};
      }
      examples.set(key, { path: pathValues, body });
    }
  } finally {
    await deleteToken(db, tenant.id, info.id);
  }
  return examples;
}

/** An existing record seen through a Create schema: the fields that fit, with unique keys made new. */
function copyThrough(doc: Json, props: Json, source: Json, stamp: Stamp): Json {
  const body: Json = {};
  for (const [field, propSchema] of Object.entries<Json>(props)) {
    if (NOT_COPIED.includes(field)) continue;
    let value = source[field];
    if (value === undefined && field.endsWith('_id')) value = source[field.slice(0, -3)]?.id;
    // A date is answered as midnight UTC; some bodies take the date only.
    if (
      typeof value === 'string' &&
      /^\d{4}-\d{2}-\d{2}T00:00:00(\.0+)?Z$/.test(value) &&
      !fits(doc, propSchema, value)
    )
      value = value.slice(0, 10);
    if (!fits(doc, propSchema, value)) continue;
    body[field] =
      UNIQUE.includes(field) && typeof value === 'string' ? fresh(doc, field, value, propSchema, stamp) : value;
  }
  return body;
}

/** The values a record may give a path parameter, most likely first: the field of that name, `<name>_number`, its id,
 * its name, its username (a project activity's key is its name, not the id of the allowance). */
function keysOf(record: Json, param: string): (string | number)[] {
  const fields = [param, `${param}_number`, 'id', 'name', 'username'];
  return [...new Set(fields.map((f) => record[f]).filter((v) => typeof v === 'string' || typeof v === 'number'))] as (
    string | number
  )[];
}

const resolveParam = (doc: Json, p: Json): Json | undefined =>
  p.$ref ? doc.components?.parameters?.[String(p.$ref).split('/').pop()!] : p;
const paramKey = (doc: Json, p: Json) => {
  const param = resolveParam(doc, p);
  return `${param?.in} ${param?.name}`;
};

/** The document with each operation's example: the request body as the media type's `example`, path values as the
 * path parameters' `example` (what Swagger UI fills in on "Try it out"). The given document is not changed. */
export function withExamples(doc: Json, examples: Examples | undefined): Json {
  if (!examples?.size) return doc;
  const paths: Json = {};
  for (const [path, item] of Object.entries<Json>(doc.paths ?? {})) {
    let copy: Json | undefined;
    for (const method of WRITES) {
      const example = examples.get(opKey(method, path));
      const op = item[method];
      if (!example || !op?.requestBody?.content?.[JSON_TYPE]) continue;
      copy ??= { ...item };
      const content = op.requestBody.content;
      copy[method] = {
        ...op,
        // The path item's own parameters (path parameters shared by its operations) come along as the operation's
        // (an operation's parameter of the same name and place wins), so each operation can carry its own example.
        parameters: [
          ...(item.parameters ?? []).filter(
            (p: Json) => !(op.parameters ?? []).some((q: Json) => paramKey(doc, q) === paramKey(doc, p)),
          ),
          ...(op.parameters ?? []),
        ].map((p: Json) => {
          const param = resolveParam(doc, p);
          return param?.in === 'path' && example.path[param.name] !== undefined
            ? { ...param, example: example.path[param.name] }
            : p;
        }),
        requestBody: {
          ...op.requestBody,
          content: { ...content, [JSON_TYPE]: { ...content[JSON_TYPE], example: example.body } },
        },
      };
    }
    paths[path] = copy ?? item;
  }
  return { ...doc, paths };
}
