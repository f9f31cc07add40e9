// Common TypeBox pieces. A schema is at once validator, serializer, TypeScript type and OpenAPI document.
import { Type, type Static, type TSchema, type TObject, type TProperties } from '@sinclair/typebox';
import { LABELS, type LabelSet, type LabelSetName } from '../values/labels.js';

/**
 * `T | null` as a JSON-schema type array. Ajv coerces type arrays correctly (an anyOf would coerce null to
 * false/0 in its first branch), fast-json-stringify serialises them, and OpenAPI 3.1 documents them.
 */
export function Nullable<T extends TSchema>(schema: T): TSchema & { static: Static<T> | null } {
  const { type, title: _named, ...rest } = schema as any;
  if (type === undefined) return Type.Union([schema, Type.Null()]) as any;
  const types = Array.isArray(type) ? type : [type];
  const nullableEnum = Array.isArray(rest.enum) && !rest.enum.includes(null) ? { enum: [...rest.enum, null] } : {};
  return Type.Unsafe<Static<T> | null>({ ...rest, ...nullableEnum, type: [...types, 'null'] }) as any;
}

/** Optional and nullable: the usual shape of a writable field. */
export const Opt = <T extends TSchema>(schema: T) => Type.Optional(Nullable(schema));

/**
 * Request date: 'YYYY-MM-DD', years 1000–9999 (both databases, and a day before), the one range of every request
 * date (docs/api/conventions.md "Dates"). A date-time at midnight UTC with its zone (as responses write dates) is
 * taken as its date (http/request-input.ts); any other time part, or none, is 422.
 */
export const DateOnly = (opts: object = {}) =>
  Type.String({ format: 'date', pattern: '^[1-9][0-9]{3}-', examples: ['2024-08-17'], ...opts });

/**
 * A request date: every body date follows one rule (DateOnly: 'YYYY-MM-DD' in the accepted range, or the same date
 * at midnight UTC as the API prints it). Normalise with dateValues().
 */
export const DateIn = (opts: object = {}) => DateOnly({ examples: ['2024-01-01'], ...opts });

/** The pattern of a date that must be sent as a plain 'YYYY-MM-DD' (the booking date: contract), midnight date-times included. */
export const PLAIN_DATE_PATTERN = '^[1-9][0-9]{3}-[0-9]{2}-[0-9]{2}$';
/** Request time: 'HH:MM' or 'HH:MM:SS'. */
export const TimeOfDay = (opts: object = {}) =>
  Type.String({
    pattern: '^([01][0-9]|2[0-3]):[0-5][0-9](:[0-5][0-9])?$',
    maxLength: 8,
    examples: ['09:00:00'],
    ...opts,
  });
/** List filter timestamp: ISO 8601 or 'Y-m-d H:i:s'. */
export const FilterTimestamp = () =>
  Type.String({ format: 'filter-timestamp', maxLength: 64, examples: ['2024-01-01 00:00:00'] });

/** Response date-time strings (already formatted by values/formats.ts). */
export const DateTimeOut = () => Type.String({ format: 'date-time', examples: ['2024-01-01T00:00:00.000000Z'] });
/** Response date-time with an offset (planning entries' `created_at`/`updated_at`: contract). */
export const OffsetDateTimeOut = () => Type.String({ format: 'date-time', examples: ['2024-01-01T09:30:00+00:00'] });
export const TimeOut = () => Type.String({ examples: ['09:00:00'] });

/** Translation object (contract: de, en, fr, es, pl; sk and tr accepted). */
export const Translations = Type.Object(
  {
    de: Opt(Type.String({ maxLength: 1000 })),
    en: Opt(Type.String({ maxLength: 1000 })),
    fr: Opt(Type.String({ maxLength: 1000 })),
    es: Opt(Type.String({ maxLength: 1000 })),
    pl: Opt(Type.String({ maxLength: 1000 })),
    sk: Opt(Type.String({ maxLength: 1000 })),
    tr: Opt(Type.String({ maxLength: 1000 })),
  },
  { additionalProperties: false, title: 'Translations' },
);

/** Enumerated object {id, name}. */
export const IdName = <T extends TSchema>(id: T) => Type.Object({ id, name: Type.String() });
export const IntIdName = () => IdName(Type.Integer());
export const StrIdName = () => IdName(Type.String());

/**
 * Who created a record and who changed it last (zeitkonto extension, marked x-zeitkonto-extension): the username of
 * the employee whose personal token or session wrote it; null for a service token, a write outside the API (the
 * command line, imports) and a record last written before the fields existed. Stamped by the write path on every
 * record a write changes, also through a derivation (docs/api/integration.md "Record authors").
 */
export const RecordAuthors = {
  created_by: Nullable(
    Type.String({
      description: 'Username of who created it via the API; null: a service token or the system.',
      'x-zeitkonto-extension': true,
    }),
  ),
  modified_by: Nullable(
    Type.String({
      description: 'Username of who last changed it; null: a service token or the system.',
      'x-zeitkonto-extension': true,
    }),
  ),
};

/** Marks a field of a write's answer that holds a secret shown once (docs/api/integration.md §1). */
export const SHOWN_ONCE = 'x-zeitkonto-shown-once';
/**
 * A secret shown once, in the answer of the write that makes it (a new API token, a webhook's signing secret). The
 * write path stores the answer for an Idempotency-Key replay without it: a replay shows null.
 */
export const ShownOnce = (description: string) =>
  Nullable(
    Type.String({
      description: `${description} null in a replay of the write (Idempotency-Key): the secret is not stored for it.`,
      [SHOWN_ONCE]: true,
    }),
  );

/** {data: resource} */
export const Single = <T extends TSchema>(resource: T) => Type.Object({ data: resource });

const PageLink = Type.Object(
  { url: Nullable(Type.String()), label: Type.String(), active: Type.Boolean() },
  { title: 'PageLink' },
);
export const ListLinks = Type.Object(
  {
    first: Nullable(Type.String()),
    last: Nullable(Type.String()),
    prev: Nullable(Type.String()),
    next: Nullable(Type.String()),
  },
  { title: 'ListLinks' },
);
export const ListMeta = Type.Object(
  {
    current_page: Type.Integer({ minimum: 1 }),
    from: Nullable(Type.Integer({ minimum: 1 })),
    last_page: Type.Integer({ minimum: 1 }),
    links: Type.Array(PageLink),
    path: Nullable(Type.String()),
    per_page: Type.Integer({ minimum: 0 }),
    to: Nullable(Type.Integer({ minimum: 1 })),
    total: Type.Integer({ minimum: 0 }),
  },
  { title: 'ListMeta' },
);

/** Paginated list envelope of the contract. */
export const Paginated = <T extends TSchema>(resource: T) =>
  Type.Object({ data: Type.Array(resource), links: ListLinks, meta: ListMeta });

/** {data: [...]} without pagination (price tables, internal rates). */
export const DataArray = <T extends TSchema>(resource: T) => Type.Object({ data: Type.Array(resource) });

export const ErrorBody = Type.Object({ message: Type.String() }, { additionalProperties: false, title: 'Error' });
/** The booking rules' codes, written once in the OpenAPI document (docs/api/attendances.md has the details). */
const RULE_CODES = `The rule code:
- \`closed_month\` (date): the month is closed for the tenant or the employee (/month-closings).
- \`approval_date\` (date): on or before the employee's approval_date.
- \`recording_period\` (date): outside recording_days_back / recording_days_ahead (/booking-settings).
- \`non_working_day\` (date): a non-working weekday or full-day holiday of the employee's regular working time (switch: check_non_working_days).
- \`absence\` (date): an approved full-day absence of the employee covers the date (switch: check_absences).
- \`employment_period\` (date): not inside an employment period (missing start or end = open-ended).
- \`runtime\` (project_id, project_task_id, ticket_id, subtask_id): outside the runtime; \`project_not_bookable\` (project_id): status not bookable.
- \`planned_hours\` (same fields): over the planned hours where plan_can_exceed / prevent_overbooking forbids it (0 all may exceed, 1 only non-billable, 2 none, 3 travel or non-billable, 4 only travel).
- \`overlap\` (from): intersects another booking of the employee; a booking ending at 00:00 ends at the next day's start, touching bookings do not overlap.
- \`minute_grid\` (from, to): not on the tenant's minute grid. \`billed\` / \`released\`: a billed or released booking cannot be changed or deleted.`;
/** A booking rule a write broke (422 of the booking rules). */
export const Violation = Type.Object(
  { field: Type.String(), rule: Type.String({ description: RULE_CODES }), message: Type.String() },
  { title: 'Violation' },
);
export const ValidationErrorBody = Type.Object(
  {
    message: Type.String({ description: 'The first message, and how many more there are.' }),
    errors: Type.Record(Type.String(), Type.Array(Type.String()), { description: 'Messages per field.' }),
    violations: Type.Optional(
      Type.Array(Violation, { description: 'The booking rules the write broke (booking writes only).' }),
    ),
  },
  { additionalProperties: false, title: 'ValidationError' },
);

/** 403: the caller lacks a permission; `required` names it (docs/api/permissions.md). */
export const ForbiddenBody = Type.Object(
  { message: Type.String(), required: Type.Optional(Type.String({ examples: ['attendances:write'] })) },
  { additionalProperties: false, title: 'Forbidden' },
);

/**
 * Response map with the error statuses every API route can answer. Reads answer 403 too (a caller without the
 * permission); the OpenAPI document declares it on every operation (plugins/openapi-document.ts).
 */
export function responses(ok: Record<number, TSchema>, opts: { write?: boolean } = {}) {
  return {
    ...ok,
    401: ErrorBody,
    ...(opts.write ? { 403: ForbiddenBody } : {}),
    404: ErrorBody,
    422: ValidationErrorBody,
    429: ErrorBody,
  };
}

export const StringKey = (name: string, opts: object = {}) =>
  Type.Object({ [name]: Type.String({ minLength: 1, maxLength: 255, ...opts }) });
/** Largest integer id a request may name (ids are BIGINT; beyond this JavaScript numbers lose precision). */
export const MAX_ID = Number.MAX_SAFE_INTEGER;
export const IntKey = (name: string) => Type.Object({ [name]: Type.Integer({ minimum: 1, maximum: MAX_ID }) });

/** The keyword of conditional requirements (`requiredUnless`); app.ts registers it with Ajv. */
export const REQUIRED_UNLESS_KEYWORD = 'x-required-unless';
/** A property that, when given (not null), or a set of values that, when all sent, lift a requirement. */
type Exemption = string | Record<string, unknown>;

/**
 * Object-schema options for fields a body needs unless another is given: `requiredUnless({start_date: ['from']})`
 * (start_date, unless from is given), `requiredUnless({planning: [{kind: 3}]})` (planning, unless kind is 3). The
 * schema checks them, so a body missing them hears so in the same 422 as every other missing field (a check in the
 * service would only run once the schema passed). The OpenAPI document shows the keyword; the field's description
 * says it in words.
 */
export const requiredUnless = (rules: Record<string, Exemption[]>) => ({ [REQUIRED_UNLESS_KEYWORD]: rules });

const given = (v: unknown) => v !== undefined && v !== null;
/** Ajv plugin of REQUIRED_UNLESS_KEYWORD: a missing field is Ajv's own `required` error (same message, same field). */
export function requiredUnlessKeyword(ajv: any): void {
  ajv.addKeyword({
    keyword: REQUIRED_UNLESS_KEYWORD,
    type: 'object',
    schemaType: 'object',
    errors: true,
    validate: function check(rules: Record<string, Exemption[]>, data: Record<string, unknown>) {
      const missing = Object.entries(rules)
        .filter(
          ([field, unless]) =>
            !given(data[field]) &&
            !unless.some((e) =>
              typeof e === 'string' ? given(data[e]) : Object.entries(e).every(([k, v]) => data[k] === v),
            ),
        )
        .map(([field]) => ({
          keyword: 'required',
          params: { missingProperty: field },
          message: `must have required property '${field}'`,
        }));
      (check as any).errors = missing;
      return missing.length === 0;
    },
  });
}

/** Merge property maps into one object schema (for list queries with extra filters). */
export function mergeObjects<A extends TProperties, B extends TProperties>(a: TObject<A>, b: B) {
  return Type.Object({ ...a.properties, ...b });
}

/**
 * Request bodies drop properties they do not declare (Ajv's removeAdditional acts only where a schema says
 * `additionalProperties: false`, which TypeBox objects leave out). Applied to every route's body schema once, at
 * registration, so no handler ever sees an undeclared property; objects that declare their own policy (free-form
 * objects, records) keep it.
 */
export function dropUndeclaredProperties(schema: unknown): void {
  if (!schema || typeof schema !== 'object') return;
  const s = schema as Record<string, any>;
  if (s.content && typeof s.content === 'object' && !s.type) {
    for (const media of Object.values<any>(s.content)) dropUndeclaredProperties(media?.schema);
    return;
  }
  if (s.properties && s.additionalProperties === undefined && s.patternProperties === undefined)
    s.additionalProperties = false;
  for (const child of Object.values<any>(s.properties ?? {})) dropUndeclaredProperties(child);
  if (s.items) dropUndeclaredProperties(s.items);
  // Unions are left alone: Ajv would strip properties while trying a branch that then fails.
}

/** A request decimal: a JSON number, or the decimal text the API prints (clients send back what they read). */
export const DecimalIn = (scale: number, max: number, description = '', minimum = -max) =>
  Type.Unsafe<number | string>({
    type: ['number', 'string'],
    minimum,
    maximum: max,
    pattern: `^-?[0-9]{1,15}(\\.[0-9]+)?$`,
    maxLength: 24,
    description: `${description} At most ${scale} decimal places; a number or decimal text.`.trim(),
  });

/** The schema format of a currency code: an ISO 4217 code (app.ts registers it with the validator). */
export const CURRENCY_FORMAT = 'currency';

/**
 * A currency code in a request, the one schema for every `currency` field (docs/api/conventions.md "Money and
 * currencies"): three capital letters, and a code of ISO 4217 ("EURO", "e", "eur" and "XYZ" are 422).
 */
export const Currency = (opts: { description?: string } = {}) =>
  Type.String({
    maxLength: 3,
    format: CURRENCY_FORMAT,
    examples: ['EUR'],
    description: opts.description ?? 'ISO 4217 code, e.g. EUR.',
  });

/** The schema keyword that names a field's label set: its input also takes a label, in German or English (coerceInput). */
export const LABELS_KEYWORD = 'x-labels';

/**
 * An enumerated input that also takes the name of an id, in German or English, ignoring case (docs/api/conventions.md "Labels"):
 * `rights: "Controller"`, `type: "Vorgang"`. The id and the {id, name} object read with GET are taken as before.
 */
export function Labelled<S extends object>(set: LabelSetName, schema: S): S {
  const description = (schema as { description?: string }).description;
  const names = `Also the name, German or English (${Object.values(LABELS[set] as LabelSet)
    .map((v) => v.en)
    .join(', ')}).`;
  return { ...schema, [LABELS_KEYWORD]: set, description: description ? `${description} ${names}` : names };
}
