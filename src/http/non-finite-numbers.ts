// Numbers no field can hold: a query or path value of `Infinity` or `1e400` is coerced by the schema to Infinity,
// which passes Ajv's integer and maximum checks and then fails deep in a query (500). After validation every
// number of the params and the query must be finite: 422 on the field otherwise. (A JSON body's 1e400 is
// refused by the schema itself: Ajv checks JSON numbers for finiteness, only coerced strings slip through.)
import type { FastifyRequest } from 'fastify';
import { label, validationError } from './errors.js';

function nonFinite(value: unknown, path: string[], out: string[], depth = 0): void {
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) out.push(path.join('.'));
  } else if (value && typeof value === 'object' && depth < 4) {
    for (const key in value) {
      path.push(key);
      nonFinite((value as Record<string, unknown>)[key], path, out, depth + 1);
      path.pop();
    }
  }
}

/** preHandler hook of the API scope (after the schemas coerced the values). */
export async function rejectNonFiniteNumbers(request: FastifyRequest): Promise<void> {
  const fields: string[] = [];
  nonFinite(request.params, [], fields);
  nonFinite(request.query, [], fields);
  if (fields.length === 0) return;
  throw validationError(Object.fromEntries(fields.map((f) => [f || 'body', [`The ${label(f || 'body')} field must be a finite number.`]])));
}
