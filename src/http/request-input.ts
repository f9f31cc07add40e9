// Query strings and path parameters as clients send them, brought to the one shape the route schemas validate
// (docs/api/conventions.md "Query parameters"). Runs as a preValidation hook of the API scope, driven by the
// route's own querystring and params schemas, so every route (and every new resource) gets the same rules:
//
// - Array filters (declared as `name[]`, or `name` with an array type) accept `name[]=a`, indexed `name[0]=a`
//   (PHP's http_build_query, Guzzle, qs) and a repeated `name=a&name=b`; empty items are dropped.
// - A bracketed key where the schema declares a scalar (`employee_id[]=5`) is a 422 on that field.
// - An empty value of a non-date parameter means "not given"; an empty date stays (and the schema answers 422).
// - `perPage` is ignored whatever its value.
// - Integers and numbers in the query are plain decimal digits: `page=0x10`, `page=+2`, `page=1e3` are 422.
// - A parameter the route's schema does not declare is dropped (not given): no handler applies it unvalidated.
// - A date window given backwards (`start_date` after `end_date`, `date_from` after `date_to`, `planned_from` after
//   `planned_to`, `modified_after` after `modified_before`, …) is 422 on its end.
// - An integer path key that cannot name a record (0, negative, not a number, beyond the largest id) is 404.
// - Booleans (query and body) also accept the strings "1" and "0", as Laravel's boolean rule does; the schema
//   validator already takes "true"/"false" in the query, coerceInput takes true/false, 1/0 and the four texts in bodies.
// - A record read with GET can be sent back: {id, name} objects and midnight date-times are taken (coerceInput).
// - Body values of a wrong JSON type are not coerced, except the few conversions conventions.md lists (coerceInput).
import type { FastifyRequest } from 'fastify';
import { MAX_ID, PLAIN_DATE_PATTERN, LABELS_KEYWORD } from './schemas.js';
import { label } from './errors.js';
import { notFound, validationError, type FieldErrors } from '../values/errors.js';
import { idOfLabel, type LabelSetName } from '../values/labels.js';
import { parseFilterTimestamp } from '../values/formats.js';

type Props = Record<string, { type?: string | string[]; format?: string; items?: { type?: string | string[] } }>;

const BRACKETED = /^(.+?)\[(\d*)\]$/;
const DATE_FORMATS = new Set(['date', 'filter-timestamp']);
const INTEGER = /^-?[0-9]+$/;
const DECIMAL = /^-?[0-9]+(\.[0-9]+)?$/;
const ISO_DATE = /^[0-9]{4}-[0-9]{2}-[0-9]{2}$/;

const numberPattern = (types: string[]) => {
  if (types.includes('integer')) return INTEGER;
  return types.includes('number') ? DECIMAL : undefined;
};
const types = (schema: { type?: string | string[] } | undefined) => {
  if (schema?.type === undefined) return [];
  return Array.isArray(schema.type) ? schema.type : [schema.type];
};
const isArraySchema = (schema: Props[string] | undefined) => types(schema).includes('array');
const propertiesOf = (schema: unknown): Props => (schema as { properties?: Props } | undefined)?.properties ?? {};

/** The query key an array filter is declared under (`name[]` or `name`), or undefined when `name` is no array filter. */
function arrayKey(props: Props, base: string): string | undefined {
  if (Object.hasOwn(props, `${base}[]`)) return `${base}[]`;
  if (Object.hasOwn(props, base) && isArraySchema(props[base])) return base;
  return undefined;
}

/** Ends of a date window by the name of its start: `start_date` → `end_date`, `date_from` → `date_to`, … */
const WINDOW_ENDS: [RegExp, string][] = [
  [/start_date$/, 'end_date'],
  [/_from$/, '_to'],
  [/^modified_after$/, 'modified_before'],
  [/^from$/, 'to'],
];
/** The date windows a query schema declares: [start, end] pairs of date or timestamp parameters. */
function windows(props: Props): [string, string][] {
  const out: [string, string][] = [];
  for (const [name, schema] of Object.entries(props)) {
    if (!DATE_FORMATS.has(schema.format ?? '')) continue;
    for (const [start, end] of WINDOW_ENDS) {
      const partner = start.test(name) ? name.replace(start, end) : undefined;
      if (partner && DATE_FORMATS.has(props[partner]?.format ?? '')) out.push([name, partner]);
    }
  }
  return out;
}

/** The query rebuilt by the rules above; field errors for array syntax on scalar parameters. */
export function normalizeQuery(
  query: Record<string, unknown>,
  props: Props,
): { query: Record<string, unknown>; errors: FieldErrors } {
  const out: Record<string, unknown> = {};
  const arrays: Record<string, string[]> = {};
  const errors: FieldErrors = {};
  for (const [rawKey, given] of Object.entries(query)) {
    // Trimmed first, so a value of only spaces is empty (not given) like the real system's TrimStrings.
    const raw = Array.isArray(given) ? given.map((v) => String(v).trim()) : String(given).trim();
    const values = Array.isArray(raw) ? raw : [raw];
    const bracketed = BRACKETED.exec(rawKey);
    const base = bracketed ? bracketed[1] : rawKey;
    const target = arrayKey(props, base);
    if (target) {
      (arrays[target] ??= []).push(...values.filter((v) => v !== ''));
    } else if (bracketed && Object.hasOwn(props, base)) {
      errors[base] = [`The ${label(base)} field must be a single value, not an array.`];
    } else if (base === 'perPage') {
      // Ignored, as the contract says: whatever the value.
    } else if (!Object.hasOwn(props, rawKey)) {
      // A parameter the route does not declare is not given: never applied unvalidated (links keep it, from the URL).
    } else if (values.every((v) => v === '') && !DATE_FORMATS.has(props[rawKey].format ?? '')) {
      // Empty means not given.
    } else {
      out[rawKey] = raw;
    }
  }
  for (const [key, values] of Object.entries(arrays)) if (values.length > 0) out[key] = values;
  for (const [key, value] of Object.entries(out)) {
    const schema = props[key];
    if (!schema) continue;
    const numeric = isArraySchema(schema) ? types(schema.items) : types(schema);
    // Only where the parameter takes no text; one that is a boolean or an integer (`fallback`) also takes true/false.
    const pattern = numeric.includes('string') ? undefined : numberPattern(numeric);
    const other = (v: string) => numeric.includes('boolean') && (v === 'true' || v === 'false');
    if (
      pattern &&
      (Array.isArray(value) ? value : [value]).some(
        (v) => typeof v === 'string' && v !== '' && !pattern.test(v) && !other(v),
      )
    ) {
      const f = key.replace(/\[\]$/, '');
      errors[f] = [`The ${label(f)} field must be ${numeric.includes('integer') ? 'an integer' : 'a number'}.`];
    }
  }
  for (const [start, end] of windows(props)) {
    const [from, to] = [out[start], out[end]].map((v) => {
      if (typeof v !== 'string') return null;
      if (props[start].format === 'filter-timestamp') return parseFilterTimestamp(v);
      return ISO_DATE.test(v) ? v : null;
    });
    if (from && to && from > to)
      errors[end] ??= [`The ${label(end)} field must be a date after or equal to ${label(start)}.`];
  }
  return { query: out, errors };
}

/** Does this path value name a possible integer record key? */
const isRecordKey = (value: unknown) =>
  typeof value === 'string' && /^[0-9]{1,16}$/.test(value) && Number(value) >= 1 && Number(value) <= MAX_ID;

const BOOLEAN_STRINGS: Record<string, boolean> = { '1': true, '0': false };
/** Boolean texts a body may send (Laravel's boolean rule; "true"/"false" as the query takes them). */
const BODY_BOOLEANS: Record<string, boolean> = { ...BOOLEAN_STRINGS, true: true, false: false };
/**
 * A date-time at midnight UTC with its zone, as responses write dates ('2024-01-01T00:00:00.000000Z'): taken as the
 * date. Without a zone (`2024-01-01T00:00:00`, `2024-01-01 00:00:00`) it is a date with a time part: 422.
 */
const MIDNIGHT_UTC = /^[0-9]{4}-[0-9]{2}-[0-9]{2}T00:00(:00(\.0{1,6})?)?(Z|\+00(:?00)?)$/i;
/** Fields whose surrounding white space is kept (Laravel's TrimStrings exceptions). */
const UNTRIMMED = new Set(['password', 'password_confirmation', 'current_password']);
const isPlainObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/** The JSON types a schema takes, those of its union branches included (none: any). */
const acceptedTypes = (schema: any): string[] => [
  ...types(schema),
  ...[...(schema.anyOf ?? []), ...(schema.oneOf ?? [])].flatMap((b: any) => types(b)),
];
/** The label set a schema (or one of its union branches) names. */
const labelSetOf = (schema: any): LabelSetName | undefined =>
  schema[LABELS_KEYWORD] ??
  [...(schema.anyOf ?? []), ...(schema.oneOf ?? [])].find((b: any) => b?.[LABELS_KEYWORD])?.[LABELS_KEYWORD];

function takes(accepted: readonly string[], value: unknown): boolean {
  if (accepted.length === 0) return true;
  if (value === null) return accepted.includes('null');
  if (Array.isArray(value)) return accepted.includes('array');
  switch (typeof value) {
    case 'number':
      return accepted.includes('number') || (accepted.includes('integer') && Number.isInteger(value));
    case 'string':
    case 'boolean':
    case 'object':
      return accepted.includes(typeof value);
    default:
      return false;
  }
}

/**
 * A body scalar of a type the field does not take, converted where docs/api/conventions.md ("Types of body values")
 * allows it, into exactly the value it writes: a plain decimal text where a number is expected (`"12"`, `"-1.5"`;
 * an integer must be exact, so at most 2^53−1), a number where text is expected (written without an exponent), and
 * `"true"`/`"false"`/`"1"`/`"0"` or 0/1 where a boolean is expected. Everything else is left as it came, for the
 * schema to answer 422 on the field: `"Infinity"`, `"1e400"`, `"NaN"`, `"0x10"`, `true` or `["a"]` for text, `null`
 * where the field is not nullable.
 */
function convertScalar(value: unknown, accepted: readonly string[]): unknown {
  if (takes(accepted, value)) return value;
  if (typeof value === 'string') {
    if (accepted.includes('boolean') && Object.hasOwn(BODY_BOOLEANS, value)) return BODY_BOOLEANS[value];
    if (accepted.includes('integer') && INTEGER.test(value) && Number.isSafeInteger(Number(value)))
      return Number(value) || 0;
    if (accepted.includes('number') && DECIMAL.test(value) && Number.isFinite(Number(value))) return Number(value) || 0;
    return value;
  }
  if (typeof value === 'number') {
    if (accepted.includes('boolean') && (value === 0 || value === 1)) return value === 1;
    if (accepted.includes('string') && DECIMAL.test(String(value))) return String(value);
  }
  return value;
}

/**
 * Input as a client that read the record sends it back, made into what the schema expects:
 * - strings trimmed (Laravel's TrimStrings; a key of only spaces becomes empty and fails its minLength: 422);
 * - "1"/"0" where a boolean is expected;
 * - an enumerated `{id, name}` object where the schema takes no object: its id;
 * - the name of an enumerated value, German or English, where the schema names its label set (`Labelled`): its id;
 * - in bodies, a midnight UTC date-time where a date is expected: the date (except dates declared with
 *   PLAIN_DATE_PATTERN; date filters in the query stay strict, as the contract types them);
 * - in bodies, the few conversions between JSON types conventions.md allows (convertScalar); bodies are validated
 *   without Ajv's coercion (http/lazy-compilers.ts), so any other value of the wrong type is a 422.
 * Objects and arrays are followed; union branches count for the types a field takes.
 */
export function coerceInput(value: unknown, schema: any, body: boolean, depth = 0, name = ''): unknown {
  if (!schema || depth > 16) return value;
  const t = acceptedTypes(schema);
  if (typeof value === 'number') {
    if (Object.is(value, -0)) return 0;
    return body ? convertScalar(value, t) : value;
  }
  if (typeof value === 'string') {
    // Laravel's TrimStrings: surrounding white space is never part of a value (passwords excepted).
    if (!UNTRIMMED.has(name)) value = value.trim();
    if (typeof value !== 'string') return value;
    if (Object.hasOwn(BOOLEAN_STRINGS, value) && t.includes('boolean') && !t.includes('string'))
      return BOOLEAN_STRINGS[value];
    const set = labelSetOf(schema);
    const id = set && !/^[0-9]+$/.test(value) ? idOfLabel(set, value) : undefined;
    if (id !== undefined)
      return typeof id === 'number' && !t.includes('integer') && !t.includes('number') ? String(id) : id;
    if (body && schema.format === 'date' && schema.pattern !== PLAIN_DATE_PATTERN && MIDNIGHT_UTC.test(value))
      return value.slice(0, 10);
    return body ? convertScalar(value, t) : value;
  }
  if (Array.isArray(value))
    return schema.items ? value.map((v) => coerceInput(v, schema.items, body, depth + 1, name)) : value;
  if (!isPlainObject(value)) return body ? convertScalar(value, t) : value;
  if (t.length > 0 && !t.includes('object') && Object.hasOwn(value, 'id'))
    return coerceInput(value.id, schema, body, depth + 1, name);
  if (schema.properties)
    for (const [k, child] of Object.entries(schema.properties))
      if (Object.hasOwn(value, k)) value[k] = coerceInput(value[k], child, body, depth + 1, k);
  return value;
}

/** preValidation hook of the API scope. */
export async function normalizeRequestInput(request: FastifyRequest): Promise<void> {
  const schema = request.routeOptions.schema;
  const params = propertiesOf(schema?.params);
  for (const [name, value] of Object.entries((request.params ?? {}) as Record<string, unknown>)) {
    if (types(params[name]).includes('integer') && !isRecordKey(value)) throw notFound();
  }
  if (schema?.body && request.body && typeof request.body === 'object') coerceInput(request.body, schema.body, true);
  if (!request.query || typeof request.query !== 'object') return;
  // A route without a query schema declares no parameter: its handler sees none.
  if (!schema?.querystring) {
    request.query = {};
    return;
  }
  const { query, errors } = normalizeQuery(request.query as Record<string, unknown>, propertiesOf(schema.querystring));
  if (Object.keys(errors).length > 0) throw validationError(errors);
  request.query = coerceInput(query, schema.querystring, false) as Record<string, unknown>;
}
