// A record sent back as GET returned it changes nothing (docs/api/conventions.md "Round trip"). Every PATCH/PUT
// compares its body with the record as the API reads it before the service sees the body: a field sent with the
// value the record reads is no change and is dropped, so it cannot act — a read `approved: false` does not reject
// a pending leave request, a half day's read `type: 1` does not make it a full day (1 in the request numbering),
// a price table's unchanged prices keep their ids. A body left with no change is answered with the record as it
// is, without a write: nothing changed, so no rule can refuse it.
//
// "The value the record reads" is the read value in the body's terms: an enumerated `{id, name}` object is its
// id, a midnight date-time is its date where the body takes a date, a decimal string equals the number, 0/1 equal
// false/true, and objects and lists are compared field by field over what the body declares.

import type { FastifyRequest } from 'fastify';

type Schema = Record<string, any> | undefined;

const MIDNIGHT = /^([0-9]{4}-[0-9]{2}-[0-9]{2})[T ]00:00(:00(\.0+)?)?(Z|[+-]00:?00)?$/;
const NUMERIC = /^-?[0-9]+(\.[0-9]+)?$/;
const isPlainObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);
const typesOf = (schema: Schema): string[] => {
  if (schema?.type === undefined) return [];
  return Array.isArray(schema.type) ? schema.type : [schema.type];
};
/** The branches a value may take: the schema itself, or each branch of a union. */
const branchesOf = (schema: Schema): Schema[] => (schema?.anyOf ?? schema?.oneOf ?? [schema]) as Schema[];

/** Same scalar, whatever its representation: "2.5000000000" and 2.5, 1 and true, "1" and 1. */
function sameScalar(sent: unknown, read: unknown): boolean {
  if (sent === read) return true;
  if (typeof sent === 'number' && typeof read === 'string') return NUMERIC.test(read) && Number(read) === sent;
  if (typeof sent === 'string' && typeof read === 'number') return NUMERIC.test(sent) && Number(sent) === read;
  if (typeof sent === 'boolean' && (read === 0 || read === 1)) return Number(sent) === read;
  if (typeof read === 'boolean' && (sent === 0 || sent === 1)) return Number(read) === sent;
  return false;
}

/** Is `sent` (a validated body value) the value `read` (the record's read value) means, under `schema`? */
export function sameValue(sent: unknown, read: unknown, schema: Schema): boolean {
  return branchesOf(schema).some((branch) => sameUnder(sent, read, branch));
}

function sameUnder(sent: unknown, read: unknown, schema: Schema): boolean {
  if (sent === null || read === null || sent === undefined || read === undefined)
    return sent === read || (sent == null && read == null);
  const types = typesOf(schema);
  if (Array.isArray(sent))
    return (
      Array.isArray(read) && read.length === sent.length && sent.every((v, i) => sameValue(v, read[i], schema?.items))
    );
  if (isPlainObject(sent)) {
    if (!isPlainObject(read)) return false;
    const props: Record<string, Schema> | undefined = schema?.properties;
    const freeForm =
      !props ||
      Object.keys(props).length === 0 ||
      (schema?.additionalProperties !== undefined && schema.additionalProperties !== false);
    // Every field the client sent or the record reads — of a declared object only its declared fields (an undeclared
    // one is not part of the body), of a free-form one (a device's display_config) all of them.
    const fields = new Set([
      ...Object.keys(sent),
      ...Object.keys(read).filter((k) => freeForm || Object.hasOwn(props!, k)),
    ]);
    return [...fields].every((k) => sameValue(sent[k], read[k], props?.[k]));
  }
  // An enumerated object where the body takes its id.
  if (isPlainObject(read) && !types.includes('object') && Object.hasOwn(read, 'id')) return sameScalar(sent, read.id);
  if (typeof read === 'string' && typeof sent === 'string' && schema?.format === 'date') {
    const day = MIDNIGHT.exec(read)?.[1];
    if (day !== undefined) return sent === day;
  }
  return sameScalar(sent, read);
}

/**
 * The fields of a PATCH/PUT body that ask for a change: those whose value is not the one the record reads (and
 * those the read record does not show). `schema` is the route's body schema.
 */
export function changedFields<T extends object>(body: T, current: object, schema: unknown): Partial<T> {
  const props: Record<string, Schema> = (schema as Schema)?.properties ?? {};
  const read = current as Record<string, unknown>;
  const out: Record<string, unknown> = {};
  for (const [field, value] of Object.entries(body)) {
    if (value === undefined) continue;
    if (Object.hasOwn(read, field) && sameValue(value, read[field], props[field])) continue;
    out[field] = value;
  }
  return out as Partial<T>;
}

/**
 * The fields of the request's body that ask for a change, or undefined when none does: the route then answers the
 * record as it is without writing, so the write journal holds nothing and no change is recorded (the record keeps
 * its `modified`, its ETag and its place in the change feed; docs/api/integration.md).
 */
export function requestedChanges<T extends object>(
  req: FastifyRequest,
  current: object,
  schema: unknown,
): Partial<T> | undefined {
  const changes = changedFields((req.body ?? {}) as T, current, schema);
  return Object.keys(changes).length > 0 ? changes : undefined;
}
