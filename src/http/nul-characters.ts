// PostgreSQL text cannot hold U+0000 and no field of this API needs it. A NUL character anywhere in the path
// parameters, the query or the body is a 422 on that field, on both databases alike, before the schema and the
// handler see the request (otherwise PostgreSQL would refuse the query and the client would get a 500).
import type { FastifyRequest } from 'fastify';
import { label, validationError } from './errors.js';

const MAX_DEPTH = 32;

/** Dotted paths (as schema errors name them: `categories.0`) of the strings that contain a NUL character. */
export function nulCharacterFields(value: unknown, path = '', out: string[] = [], depth = 0): string[] {
  if (typeof value === 'string') {
    if (value.includes('\u0000')) out.push(path || 'body');
  } else if (value && typeof value === 'object' && depth < MAX_DEPTH) {
    for (const [key, child] of Object.entries(value)) {
      if (key.includes('\u0000')) out.push(path ? `${path}.${key}` : key);
      else nulCharacterFields(child, path ? `${path}.${key}` : key, out, depth + 1);
    }
  }
  return out;
}

/** preValidation hook of the API scope. */
export async function rejectNulCharacters(request: FastifyRequest): Promise<void> {
  const fields = [...nulCharacterFields(request.params), ...nulCharacterFields(request.query), ...nulCharacterFields(request.body)];
  if (fields.length === 0) return;
  throw validationError(Object.fromEntries(fields.map((f) => [f.replace(/\u0000/g, ''), [`The ${label(f.replace(/\u0000/g, ''))} field must not contain a NUL character.`]])));
}
