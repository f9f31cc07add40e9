// What turns @fastify/swagger's raw output into a document integrators can use: titled schemas
// become components/schemas with $ref, shared parameters and error responses become components, every
// operation gets an operationId and real response descriptions, tags are declared, and optional filters carry
// no example values (a "Try it out" would send them).
import { DateTimeOut, IntIdName, Nullable, Translations, DateIn, RecordAuthors } from '../http/schemas.js';
import { shape } from './openapi-names.js';

type Json = Record<string, any>;
const METHODS = ['get', 'post', 'put', 'patch', 'delete'] as const;

export const operationsOf = (doc: Json) =>
  Object.entries<Json>(doc.paths ?? {}).flatMap(([path, ops]) =>
    METHODS.filter((m) => ops[m]).map((method) => ({ path, method, op: ops[method] as Json })),
  );

const CHILD_LISTS = ['anyOf', 'oneOf', 'allOf', 'prefixItems'];
const CHILD_MAPS = ['properties', 'patternProperties', '$defs'];
const CHILDREN = ['items', 'additionalProperties', 'not', 'contains'];

/**
 * Small untitled schemas that many properties repeat, named once because their $ref is shorter than they are
 * (scripts/openapi-size.ts measures them): `created`/`modified` and every other nullable record date-time (~130
 * properties), the {id, name} enumeration objects, nullable translations, nullable request dates, record authors. Matched by
 * structure, so a property that differs in anything keeps its own schema.
 */
const COMMON_SCHEMAS: Record<string, unknown> = {
  NullableDateTime: Nullable(DateTimeOut()),
  IntIdName: IntIdName(),
  NullableTranslations: Nullable(Translations),
  NullableDateIn: Nullable(DateIn()),
  // created_by / modified_by of every record that keeps its authors (~50 record types).
  CreatedBy: RecordAuthors.created_by,
  ModifiedBy: RecordAuthors.modified_by,
};
const COMMON_BY_SHAPE = new Map(Object.entries(COMMON_SCHEMAS).map(([name, schema]) => [shape(schema), name]));

/** Replace every titled schema below `node` by a $ref to components/schemas (children first). */
function hoistSchema(node: unknown, schemas: Json): unknown {
  if (!node || typeof node !== 'object' || Array.isArray(node)) return node;
  const s = node as Json;
  // @fastify/swagger turns `examples` into `example` in some places only: one spelling (3.1's) for equal schemas.
  if ('example' in s && !('examples' in s)) {
    s.examples = [s.example];
    delete s.example;
  }
  for (const key of CHILDREN) if (s[key] && typeof s[key] === 'object') s[key] = hoistSchema(s[key], schemas);
  for (const key of CHILD_LISTS)
    if (Array.isArray(s[key])) s[key] = s[key].map((c: unknown) => hoistSchema(c, schemas));
  for (const key of CHILD_MAPS)
    if (s[key]) for (const [k, c] of Object.entries(s[key])) s[key][k] = hoistSchema(c, schemas);
  const common = typeof s.title === 'string' ? undefined : COMMON_BY_SHAPE.get(shape(s));
  if (common) {
    schemas[common] ??= { title: common, ...s };
    return { $ref: `#/components/schemas/${common}` };
  }
  if (typeof s.title !== 'string') return s;
  const base = s.title.replace(/[^A-Za-z0-9._-]/g, '');
  const structure = shape(s);
  let name = base;
  for (let n = 2; schemas[name] && shape(schemas[name]) !== structure; n++) name = `${base}${n}`;
  schemas[name] ??= s;
  return { $ref: `#/components/schemas/${name}` };
}

/** The envelope around a named resource is named too: CustomerResponse {data}, CustomerPage {data, links, meta}, CustomerCollection {data: []}. */
function nameEnvelope(schema: Json | undefined): void {
  const data = schema?.properties?.data;
  const inner = data?.type === 'array' ? data.items : data;
  if (!data || schema!.title !== undefined || typeof inner?.title !== 'string') return;
  const listKind = schema!.properties.meta ? 'Page' : 'Collection';
  schema!.title = `${inner.title}${data.type !== 'array' ? 'Response' : listKind}`;
}

function hoistContent(holder: Json | undefined, schemas: Json): void {
  for (const media of Object.values<Json>(holder?.content ?? {})) {
    nameEnvelope(media.schema);
    media.schema = hoistSchema(media.schema, schemas);
  }
}

// Query names as they are (`page`), header names too (`If-Match`: no query parameter looks like one), path names with
// `path.` (`path.id` beside the `id` filter).
const parameterName = (p: Json) =>
  `${PARAMETER_PREFIX[p.in] ?? ''}${String(p.name)
    .replace(/\[\]$/, '.list')
    .replace(/[^A-Za-z0-9._-]/g, '')}`;
const PARAMETER_PREFIX: Record<string, string> = { path: 'path.', cookie: 'cookie.' };

/** Parameters that several operations share unchanged become components/parameters (the commonest variant per name). */
function hoistParameters(doc: Json): Json {
  const variants = new Map<string, Map<string, number>>();
  for (const { op } of operationsOf(doc)) {
    for (const p of op.parameters ?? []) {
      // `required: false` is what OpenAPI assumes for a query or header parameter: said once by the spec, not 1,000 times.
      if (p.required === false) delete p.required;
      const byShape = variants.get(parameterName(p)) ?? new Map<string, number>();
      byShape.set(JSON.stringify(p), (byShape.get(JSON.stringify(p)) ?? 0) + 1);
      variants.set(parameterName(p), byShape);
    }
  }
  const shared: Json = {};
  for (const [name, byShape] of variants) {
    const [best, count] = [...byShape].sort((a, b) => b[1] - a[1])[0]!;
    if (count >= 2) shared[name] = best;
  }
  for (const { op } of operationsOf(doc)) {
    op.parameters = op.parameters?.map((p: Json) =>
      shared[parameterName(p)] === JSON.stringify(p) ? { $ref: `#/components/parameters/${parameterName(p)}` } : p,
    );
  }
  return Object.fromEntries(
    Object.entries(shared)
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([name, json]) => [name, JSON.parse(json)]),
  );
}

/**
 * A path parameter that every operation of a path declares alike is declared once on the path item (OpenAPI: it
 * applies to each operation there). Readers of the document merge the two lists, as test/contract/support/openapi.ts does.
 */
function hoistPathParameters(doc: Json, parameters: Json): void {
  const resolve = (p: Json): Json => (typeof p.$ref === 'string' ? (parameters[p.$ref.split('/').pop()!] ?? p) : p);
  for (const [path, item] of Object.entries<Json>(doc.paths ?? {})) {
    const ops = METHODS.filter((m) => item[m]).map((m) => item[m] as Json);
    if (ops.length < 2) continue;
    const common = (ops[0]!.parameters ?? []).filter(
      (p: Json) =>
        resolve(p).in === 'path' &&
        ops.every((op) => (op.parameters ?? []).some((q: Json) => JSON.stringify(q) === JSON.stringify(p))),
    );
    if (!common.length) continue;
    const moved = new Set(common.map((p: Json) => JSON.stringify(p)));
    for (const op of ops) {
      op.parameters = op.parameters.filter((p: Json) => !moved.has(JSON.stringify(p)));
      if (!op.parameters.length) delete op.parameters;
    }
    doc.paths[path] = { parameters: [...(item.parameters ?? []), ...common], ...item };
  }
}

const ERROR_RESPONSES: Record<string, { name: string; description: string }> = {
  '400': { name: 'BadRequest', description: 'The request body is not valid JSON.' },
  '401': { name: 'Unauthenticated', description: 'Missing, unknown or expired bearer token.' },
  '403': {
    name: 'Forbidden',
    description: 'The caller may not do this: `required` names the missing permission (docs/api/permissions.md).',
  },
  '404': { name: 'NotFound', description: 'Unknown tenant, route or record.' },
  '413': { name: 'PayloadTooLarge', description: 'The request body or file is too large.' },
  '422': { name: 'ValidationFailed', description: 'Invalid input: `errors` lists the messages per field.' },
  '429': { name: 'TooManyRequests', description: 'Rate limit exceeded: retry after the seconds in Retry-After.' },
};
const RETRY_AFTER = {
  description: 'Seconds until a request is accepted again.',
  schema: { type: 'integer', minimum: 0 },
};

function successDescription(status: string, response: Json): string {
  if (status === '201') return 'Created: the new record.';
  if (status === '204') return 'Done; no content.';
  const data = response.content?.['application/json']?.schema?.properties?.data;
  if (data?.type === 'array')
    return response.content['application/json'].schema.properties.meta
      ? 'One page of the list, with links and meta.'
      : 'The whole list.';
  return data ? 'The record.' : 'Success.';
}

/** Real descriptions for the error responses, equal everywhere. */
function describeErrors(doc: Json): void {
  for (const { op } of operationsOf(doc)) {
    for (const [status, response] of Object.entries<Json>(op.responses ?? {})) {
      const error = ERROR_RESPONSES[status];
      if (!error) continue;
      // Errors are JSON from the one error handler, also on routes that produce a file (`*/*`).
      const schema = Object.values<Json>(response.content ?? {})[0]?.schema;
      op.responses[status] = {
        ...response,
        description: error.description,
        ...(schema ? { content: { 'application/json': { schema } } } : {}),
        ...(status === '429' ? { headers: { 'Retry-After': RETRY_AFTER } } : {}),
      };
    }
  }
}

/** Names of the other shared answers: the write path's (write-path/openapi.ts) and each resource's own record. */
const SHARED_RESPONSES: Record<string, string> = {
  '304': 'NotModified',
  '409': 'IdempotencyConflict',
  '412': 'PreconditionFailed',
};

function responseName(status: string, response: Json): string | undefined {
  const named = ERROR_RESPONSES[status]?.name ?? SHARED_RESPONSES[status];
  if (named) return named;
  const ref: unknown = response.content?.['application/json']?.schema?.$ref;
  const schema = typeof ref === 'string' ? ref.slice('#/components/schemas/'.length) : undefined;
  if (!schema || Object.keys(response.content).length !== 1) return undefined;
  if (status === '201') return `${schema.replace(/Response$/, '')}Created`;
  return status === '200' ? schema : undefined;
}

/**
 * Every answer that two or more operations give unchanged becomes components/responses and a $ref (the
 * commonest variant per name): the error answers, the write path's 304/409/412 and a resource's record.
 */
function shareResponses(doc: Json): Json {
  const variants = new Map<string, Map<string, number>>();
  for (const { op } of operationsOf(doc)) {
    for (const [status, response] of Object.entries<Json>(op.responses ?? {})) {
      const name = responseName(status, response);
      if (!name) continue;
      const byShape = variants.get(name) ?? variants.set(name, new Map()).get(name)!;
      byShape.set(JSON.stringify(response), (byShape.get(JSON.stringify(response)) ?? 0) + 1);
    }
  }
  const shared: Json = {};
  for (const [name, byShape] of variants) {
    const [best, count] = [...byShape].sort((a, b) => b[1] - a[1])[0]!;
    if (count >= 2 || Object.values(ERROR_RESPONSES).some((e) => e.name === name)) shared[name] = best;
  }
  for (const { op } of operationsOf(doc)) {
    for (const [status, response] of Object.entries<Json>(op.responses ?? {})) {
      const name = responseName(status, response);
      if (name && shared[name] === JSON.stringify(response))
        op.responses[status] = { $ref: `#/components/responses/${name}` };
    }
  }
  return Object.fromEntries(Object.entries(shared).map(([name, json]) => [name, JSON.parse(json)]));
}

function singular(word: string): string {
  if (word === 'children') return 'child';
  if (/ies$/.test(word)) return word.replace(/ies$/, 'y');
  if (/(ss|x|ch|sh|us)es$/.test(word)) return word.slice(0, -2);
  return word.replace(/([^s])s$/, '$1');
}
const camel = (words: string[]) => words.map((w, i) => (i === 0 ? w : w[0]!.toUpperCase() + w.slice(1))).join('');
const wordsOf = (segment: string) =>
  segment
    .split(/[-_.]/)
    .filter(Boolean)
    .map((w) => w.toLowerCase());

/**
 * listCustomers, getCustomer, createCustomer, updateCustomer (PATCH), replaceCustomer (PUT), deleteCustomer;
 * nested paths name their parents (listEmployeeTransponders); an action segment is the verb (releaseAttendance);
 * a deprecated operation ends in Deprecated. test/contract/openapi.test.ts fails on an id ending in a digit.
 */
export function operationIdFor(method: string, path: string, op: Json): string {
  const segments = path.split('/').filter(Boolean);
  const onItem = segments.at(-1)?.startsWith('{') ?? false;
  const statics = segments.filter((s) => !s.startsWith('{'));
  const nouns = statics.map((s, i) => {
    const words = wordsOf(s);
    const singularWord = i < statics.length - 1 || onItem;
    return singularWord ? [...words.slice(0, -1), singular(words.at(-1)!)] : words;
  });
  const last = nouns.at(-1) ?? ['root'];
  const isList = op.responses?.['200']?.content?.['application/json']?.schema?.properties?.data?.type === 'array';
  const plural = statics.length > 0 && /s$|children$/.test(statics.at(-1)!);
  if (method === 'post' && !onItem && !plural) return camel([...last, ...nouns.slice(0, -1).flat()]);
  const getVerb = onItem || !isList ? 'get' : 'list';
  const verb =
    method === 'get' ? getVerb : { post: 'create', patch: 'update', put: 'replace', delete: 'delete' }[method]!;
  const objectWords =
    method === 'post' && !onItem
      ? [...nouns.slice(0, -1).flat(), ...last.slice(0, -1), singular(last.at(-1)!)]
      : nouns.flat();
  return camel([verb, ...objectWords]);
}

function addOperationIds(doc: Json): void {
  const used = new Set<string>();
  for (const { path, method, op } of operationsOf(doc)) {
    // A deprecated alias says so (getPlanningDeprecated beside getPlanning), not a number.
    const base = op.operationId ?? `${operationIdFor(method, path, op)}${op.deprecated ? 'Deprecated' : ''}`;
    // Two paths naming the same things (/invoice-items, /invoices/{invoice_number}/items): the later names its keys.
    const keys = [...path.matchAll(/\{([^}]+)\}/g)].flatMap((m) => wordsOf(m[1]!));
    let id = used.has(base) && keys.length ? camel([base, 'by', ...keys]) : base;
    for (let n = 2; used.has(id); n++) id = `${base}${n}`;
    used.add(id);
    op.operationId = id;
  }
}

/** The tags the operations use, declared once, each with the paths it covers. */
function declareTags(doc: Json): Json[] {
  const paths = new Map<string, Set<string>>();
  for (const { path, op } of operationsOf(doc))
    for (const tag of op.tags ?? [])
      (paths.get(tag) ?? paths.set(tag, new Set()).get(tag)!).add(path.replace(/\/\{[^}]+\}$/, ''));
  return [...paths]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([name, set]) => ({ name, description: `Endpoints under ${[...set].map((p) => `\`${p}\``).join(', ')}.` }));
}

const CSV = {
  schema: {
    title: 'CsvRows',
    type: 'string',
    description: 'UTF-8, a header row, then one row per item (nested objects as parent.child columns).',
  },
};

/** Success descriptions; lists also answer text/csv (http/list/csv.ts). */
function describeSuccess(doc: Json): void {
  for (const { method, op } of operationsOf(doc)) {
    for (const [status, response] of Object.entries<Json>(op.responses ?? {})) {
      if (!ERROR_RESPONSES[status] && response.description === 'Default Response')
        response.description = successDescription(status, response);
    }
    const ok = op.responses?.['200'];
    if (method === 'get' && ok?.content?.['application/json']?.schema?.properties?.data?.type === 'array')
      ok.content['text/csv'] = structuredClone(CSV);
  }
}

/** Keywords that only narrow a schema, each on its own (so `allOf` of the base and them is the narrower schema). */
const NARROWING = new Set([
  'minLength',
  'maxLength',
  'pattern',
  'format',
  'minimum',
  'maximum',
  'exclusiveMinimum',
  'exclusiveMaximum',
  'multipleOf',
  'minItems',
  'maxItems',
  'enum',
  'const',
  'description',
  'examples',
]);

/** The keywords `narrow` adds to `wide` when it is `wide` plus narrowing keywords only; otherwise undefined. */
function refinement(narrow: unknown, wide: unknown): Json | undefined {
  if (!narrow || !wide || typeof narrow !== 'object' || typeof wide !== 'object') return undefined;
  const n = narrow as Json;
  const w = wide as Json;
  if (!Object.keys(w).every((k) => k in n && JSON.stringify(n[k]) === JSON.stringify(w[k]))) return undefined;
  const added = Object.keys(n).filter((k) => !(k in w));
  if (!added.length || !added.every((k) => NARROWING.has(k))) return undefined;
  // The type again, so that readers typing each part alone (openapi-typescript) still see a string, not unknown.
  return { ...(n.type !== undefined ? { type: n.type } : {}), ...Object.fromEntries(added.map((k) => [k, n[k]])) };
}

/**
 * A named object schema that repeats another's properties (ProjectCreate = ProjectUpdate with `name` required;
 * Employee = EmployeeBase with two more; EmployeeCreate = EmployeeUpdate with a `username` pattern) is written as
 * allOf that one plus the difference. The base holds at least three quarters of the properties, so the relation
 * is one a reader would draw.
 */
function extendNamedSchemas(schemas: Json): void {
  const entries = Object.entries<Json>(schemas).filter(([, s]) => s.type === 'object' && s.properties && !s.allOf);
  const props = new Map(
    entries.map(([name, s]) => [
      name,
      Object.fromEntries(Object.entries<Json>(s.properties).map(([k, v]) => [k, JSON.stringify(v)])),
    ]),
  );
  const fits = (a: Json, an: string, b: Json, bn: string) => {
    const pa = props.get(an)!;
    const pb = props.get(bn)!;
    const same = Object.keys(pa).length === Object.keys(pb).length;
    const alike = (k: string) => pa[k] === pb[k] || refinement(a.properties[k], b.properties[k]) !== undefined;
    if (a === b || Object.keys(pb).length === 0 || !Object.keys(pb).every((k) => k in pa && alike(k))) return false;
    if (!same && (a.additionalProperties === false || b.additionalProperties === false)) return false;
    if (same && (a.additionalProperties ?? true) !== (b.additionalProperties ?? true)) return false;
    return (b.required ?? []).every((r: string) => (a.required ?? []).includes(r));
  };
  const choices = new Map<string, string[]>();
  for (const [an, a] of entries) {
    const size = (n: string) => Object.keys(props.get(n)!).length;
    const required = (s: Json) => (s.required ?? []).length;
    // Of two with the same properties, the one requiring fewer (then the first name) is the base.
    const before = (bn: string, b: Json) =>
      size(bn) < size(an)
        ? size(bn) * 4 >= size(an) * 3
        : required(b) < required(a) || (required(b) === required(a) && bn < an);
    const candidates = entries.filter(
      ([bn, b]) => fits(a, an, b, bn) && before(bn, b) && JSON.stringify(b.properties).length > 200,
    );
    const sorted = candidates.sort(([x], [y]) => size(y) - size(x) || x.localeCompare(y)).map(([bn]) => bn);
    if (sorted.length) choices.set(an, sorted);
  }
  // One level: a base stays plain. A schema whose best base is itself derived takes its next best plain one
  // (EmployeeDetail: EmployeeBase, as Employee is EmployeeBase plus two).
  const bases = new Map([...choices].map(([an, list]) => [an, list[0]!]));
  for (const [an, list] of choices) {
    if (!bases.has(bases.get(an)!)) continue;
    const plain = list.find((bn) => !bases.has(bn));
    if (plain) bases.set(an, plain);
  }
  for (const [an, bn] of bases) {
    if (bases.has(bn)) continue;
    const a = schemas[an];
    const base = schemas[bn].properties as Json;
    // New properties whole; a property the base has, only with the keywords that narrow it (username's pattern).
    const extra = Object.fromEntries(
      Object.entries<Json>(a.properties).flatMap(([k, v]) => {
        if (!(k in base)) return [[k, v]];
        return JSON.stringify(v) === JSON.stringify(base[k]) ? [] : [[k, refinement(v, base[k])]];
      }),
    );
    schemas[an] = {
      title: a.title,
      type: 'object',
      allOf: [{ $ref: `#/components/schemas/${bn}` }],
      ...(Object.keys(extra).length ? { properties: extra } : {}),
      ...(a.required?.length ? { required: a.required } : {}),
    };
  }
}

/** Optional parameters carry no example: a "Try it out" would send it as a filter. */
function dropOptionalExamples(doc: Json): void {
  for (const { op } of operationsOf(doc)) {
    for (const p of op.parameters ?? []) {
      if (p.required) continue;
      delete p.example;
      delete p.examples;
      if (p.schema) delete p.schema.examples;
    }
  }
}

/** Apply every step to a document whose paths are final (it is changed in place and returned). */
export function refineDocument(doc: Json, examples: Readonly<Record<string, Record<string, unknown>>>): Json {
  // PATCH and PUT of one route arrive as one object: each operation gets its own.
  const seen = new Set<Json>();
  for (const { path, method, op } of operationsOf(doc)) {
    if (seen.has(op)) doc.paths[path][method] = structuredClone(op);
    seen.add(op);
  }
  describeSuccess(doc);
  addOperationIds(doc);
  const schemas: Json = {};
  for (const { op } of operationsOf(doc)) {
    hoistContent(op.requestBody, schemas);
    for (const response of Object.values<Json>(op.responses ?? {})) hoistContent(response, schemas);
  }
  extendNamedSchemas(schemas);
  // Request bodies the demo tenant accepts, for "Try it out" (the modules' <module>.examples.ts, handed in by app.ts).
  for (const [name, example] of Object.entries(examples))
    if (schemas[name]) schemas[name] = { ...schemas[name], examples: [example] };
  // A component's title only repeats its key (readers name a $ref'd schema by the key): said once, not twice.
  for (const [name, schema] of Object.entries<Json>(schemas)) if (schema.title === name) delete schema.title;
  dropOptionalExamples(doc);
  describeErrors(doc);
  const responses = shareResponses(doc);
  const parameters = hoistParameters(doc);
  hoistPathParameters(doc, parameters);
  const sorted = (o: Json) => Object.fromEntries(Object.entries(o).sort(([a], [b]) => a.localeCompare(b)));
  doc.components = { ...doc.components, schemas: sorted(schemas), parameters, responses: sorted(responses) };
  doc.tags = declareTags(doc);
  return doc;
}
