// Row -> JSON mapping derived from a resource's TypeBox response schema (docs/architecture.md "Row mapping"): each
// field is declared once, in the schema; the mapping adds only what the schema cannot say — a column of another
// name, a conversion the field's type does not imply, a label set, a module gate. Compiled once per schema, run per
// row.
import type { Static, TObject, TSchema } from '@sinclair/typebox';
import { outTimestamp, toBool } from '../values/formats.js';
import { labelled, type LabelSetName } from '../values/labels.js';

/** A row's authors as the RecordAuthors fields of a schema show them (http/schemas.ts; tables of migration 2905). */
export const authorsOf = (row: object) => ({
  created_by: (row as { created_by?: string | null }).created_by ?? null,
  modified_by: (row as { modified_by?: string | null }).modified_by ?? null,
});

/** What a mapping may need beyond the row: the tenant's language (labels) and modules (gates). */
export interface MapContext {
  readonly language?: string | null;
  readonly modules?: { has(module: string): boolean };
}

/** A field's conversion: the column's value (and the whole row, and the context) -> the field's value. */
export type Convert<C = MapContext> = (value: any, row: any, ctx: C) => unknown;

type Field<S extends TObject> = keyof Static<S> & string;

/** A label field: its set, and the id a null column stands for (none: null stays null). */
export type LabelOf = LabelSetName | { readonly set: LabelSetName; readonly ifNull: string | number };

export interface RowMapping<S extends TObject, C extends MapContext = MapContext> {
  /** field -> column, where they differ (the column defaults to the field's name). */
  readonly columns?: Partial<Record<Field<S>, string>>;
  /** field -> conversion, where the schema's type does not imply it (dates, decimals, JSON texts, defaults…). */
  readonly convert?: Partial<Record<Field<S>, Convert<C>>>;
  /** field -> label set of an {id, name} field (values/labels.ts), in the context's language. */
  readonly labels?: Partial<Record<Field<S>, LabelOf>>;
  /** field -> module: the field is absent (undefined) when the context's tenant has the module off. */
  readonly gates?: Partial<Record<Field<S>, string>>;
}

/** The schema's JSON types, null left out, and whether null is one of them. */
function typesOf(schema: TSchema): { types: string[]; nullable: boolean } {
  const s = schema as { type?: string | string[]; anyOf?: TSchema[] };
  if (s.type === undefined && Array.isArray(s.anyOf)) {
    const parts = s.anyOf.map(typesOf);
    return { types: parts.flatMap((p) => p.types), nullable: parts.some((p) => p.nullable) || s.anyOf.length === 0 };
  }
  const all: string[] = [];
  if (Array.isArray(s.type)) all.push(...s.type);
  else if (s.type !== undefined) all.push(s.type);
  return { types: all.filter((t) => t !== 'null'), nullable: all.includes('null') };
}

const toNumber: Convert = (v) => Number(v);
const toNumberOrNull: Convert = (v) => (v === null ? null : Number(v));
const toBoolean: Convert = (v) => toBool(v) ?? false;
const toBooleanOrNull: Convert = (v) => toBool(v);
const toTimestamp: Convert = (v) => outTimestamp(v);

/** The conversion a field's schema implies; undefined: the value is copied as it is (strings). */
function derived(field: string, schema: TSchema): Convert | undefined {
  const { types, nullable } = typesOf(schema);
  const type = types.length === 1 ? types[0] : undefined;
  switch (type) {
    case 'string':
      return (schema as { format?: string }).format === 'date-time' ? toTimestamp : undefined;
    case 'boolean':
      return nullable ? toBooleanOrNull : toBoolean;
    case 'integer':
    case 'number':
      return nullable ? toNumberOrNull : toNumber;
    default:
      throw new Error(`row mapping: field "${field}" (${types.join('|') || 'untyped'}) needs a declared conversion`);
  }
}

function labelConvert(field: string, schema: TSchema, label: LabelOf): Convert {
  const { set, ifNull } = typeof label === 'string' ? { set: label, ifNull: undefined } : label;
  const idSchema = (schema as { properties?: { id?: TSchema } }).properties?.id;
  const numbered = idSchema !== undefined && typesOf(idSchema).types[0] === 'integer';
  const { nullable } = typesOf(schema);
  if (!idSchema) throw new Error(`row mapping: label field "${field}" is not an {id, name} object`);
  if (ifNull !== undefined)
    return numbered
      ? (v, _row, ctx) => labelled(ctx.language, set, Number(v ?? ifNull))
      : (v, _row, ctx) => labelled(ctx.language, set, v ?? ifNull);
  if (nullable)
    return numbered
      ? (v, _row, ctx) => labelled(ctx.language, set, v === null ? null : Number(v))
      : (v, _row, ctx) => labelled(ctx.language, set, v);
  return numbered
    ? (v, _row, ctx) => labelled(ctx.language, set, Number(v))
    : (v, _row, ctx) => labelled(ctx.language, set, v);
}

const NO_CONTEXT: MapContext = {};

/**
 * The row -> JSON function of a response schema: the schema's fields in its order, each from its column (same
 * name unless `columns` renames it), converted as its type implies — Boolean: toBool (false for null unless
 * nullable), Integer/Number: Number (null kept when nullable), date-time: outTimestamp, String: as it is — unless
 * `convert` or `labels` says otherwise. Any other type needs a declared conversion (thrown when built).
 */
export function rowMapper<S extends TObject, C extends MapContext = MapContext>(
  schema: S,
  mapping: RowMapping<S, C> = {},
): (row: object, ctx?: C) => Static<S> {
  const columns = mapping.columns as Record<string, string> | undefined;
  const convert = mapping.convert as Record<string, Convert<C>> | undefined;
  const labels = mapping.labels as Record<string, LabelOf> | undefined;
  const gates = mapping.gates as Record<string, string> | undefined;
  const known = new Set(Object.keys(schema.properties));
  for (const part of [columns, convert, labels, gates])
    for (const field of Object.keys(part ?? {}))
      if (!known.has(field)) throw new Error(`row mapping: "${field}" is no field of the schema`);
  const plan = Object.entries(schema.properties).map(([field, fieldSchema]) => {
    const fn =
      convert?.[field] ??
      (labels?.[field] !== undefined
        ? (labelConvert(field, fieldSchema, labels[field]) as Convert<C>)
        : (derived(field, fieldSchema) as Convert<C> | undefined));
    return { field, column: columns?.[field] ?? field, fn };
  });
  // Compiled once per schema into one object literal (as db/sqlite.ts builds its rows): objects of one fixed shape,
  // built without a loop over field names, cost about as little as a hand-written mapper.
  const fns = plan.map((p) => p.fn);
  const modules = plan.map((p) => gates?.[p.field]);
  const fields = plan.map(({ field, column, fn }, i) => {
    const read = `r[${JSON.stringify(column)}]`;
    const value = fn === undefined ? read : `f${i}(${read}, r, ctx)`;
    // A gated field is undefined (absent from the answer) when the tenant has its module off.
    const gated =
      modules[i] === undefined ? value : `(ctx.modules?.has(${JSON.stringify(modules[i])}) ? ${value} : undefined)`;
    return `${JSON.stringify(field)}: ${gated}`;
  });
  const names = fns.map((_, i) => `f${i}`);
  return new Function(...names, 'none', `return (r, ctx = none) => ({${fields.join(', ')}});`)(...fns, NO_CONTEXT);
}
