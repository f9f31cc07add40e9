// Numbers no field can hold: a query or path value of `Infinity` or `1e400` is coerced by the schema to Infinity,
// which passes Ajv's integer and maximum checks and then fails deep in a query (500). After validation every
// number of the params and the query must be finite: 422 on the field otherwise. (Bodies are not coerced
// (http/lazy-compilers.ts): a JSON 1e400 is refused by the schema, which checks numbers for finiteness, and numeric
// text becomes a number only in plain decimal notation and when finite (http/request-input.ts).) A free-form
// object of a body (a device's display_config) has no schema for its values: a JSON number too large for a double
// there would be stored as null, so it is a 422 too. Only a body whose text holds such a number is walked.
import type { FastifyRequest } from 'fastify';
import { label } from './errors.js';
import { validationError } from '../values/errors.js';

/** Text of a JSON number beyond a double: an exponent of three digits or more, or 309 digits in a row. */
const HUGE_NUMBER = /[0-9][eE]\+?[0-9]{3}|[0-9]{309}/;
const bodiesWithHugeNumbers = new WeakSet<object>();

/** Called by the JSON body parser with the raw text and the parsed body. */
export function noteHugeNumbers(raw: string, value: unknown): void {
  if (value && typeof value === 'object' && HUGE_NUMBER.test(raw)) bodiesWithHugeNumbers.add(value);
}

function nonFinite(value: unknown, path: string[], out: string[], depth = 0, maxDepth = 4): void {
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) out.push(path.join('.'));
  } else if (value && typeof value === 'object' && depth < maxDepth) {
    for (const key in value) {
      path.push(key);
      nonFinite((value as Record<string, unknown>)[key], path, out, depth + 1, maxDepth);
      path.pop();
    }
  }
}

/** preHandler hook of the API scope (after the schemas coerced the values). */
export async function rejectNonFiniteNumbers(request: FastifyRequest): Promise<void> {
  const fields: string[] = [];
  nonFinite(request.params, [], fields);
  nonFinite(request.query, [], fields);
  if (request.body && typeof request.body === 'object' && bodiesWithHugeNumbers.has(request.body))
    nonFinite(request.body, [], fields, 0, 32);
  if (fields.length === 0) return;
  throw validationError(
    Object.fromEntries(fields.map((f) => [f || 'body', [`The ${label(f || 'body')} field must be a finite number.`]])),
  );
}
