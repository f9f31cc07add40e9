// Characters no field of this API needs and the databases store differently or not at all: U+0000 (PostgreSQL
// text cannot hold it) and a lone UTF-16 surrogate (PostgreSQL rewrites it to U+FFFD, SQLite stores the bytes
// as they come). Either anywhere in the path parameters, the query or the body is a 422 on that field, on both
// databases alike, before the schema and the handler see the request.
//
// Cost: a JSON body can only carry these characters as a \u0000 or \uD800–\uDFFF escape, so the JSON parser scans
// the raw text once (registerJsonBodyParser) and a body without such an escape is not walked at all. A walk
// builds a field's path only for a string that is refused, never one per element.
import type { FastifyRequest } from 'fastify';
import { label } from './errors.js';
import { validationError } from '../values/errors.js';

const MAX_DEPTH = 32;
/** Enough fields for a client to see what is wrong; the walk stops there. */
const MAX_REPORTED = 100;

/** A \u0000 or surrogate escape in raw JSON text (a backslash-escaped backslash before it only costs a walk). */
const SUSPECT_ESCAPE = /\\u(?:0000|d[89a-f])/i;

/** Parsed JSON bodies whose raw text held no suspect escape: they cannot hold these characters. */
const cleanBodies = new WeakSet<object>();

/** Called by the JSON parser with the raw text and the parsed value. */
export function noteParsedJson(raw: string, value: unknown): void {
  if (value && typeof value === 'object' && !SUSPECT_ESCAPE.test(raw)) cleanBodies.add(value);
}

type Problem = 'NUL' | 'surrogate';

const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

function problemOf(s: string): Problem | undefined {
  if (s.includes('\u0000')) return 'NUL';
  if (LONE_SURROGATE.test(s)) return 'surrogate';
  return undefined;
}

/** Dotted paths (as schema errors name them: `categories.0`) of the strings and keys holding such a character. */
export function unstorableFields(value: unknown, out: [string, Problem][] = []): [string, Problem][] {
  const keys: (string | number)[] = [];
  const at = (last?: string) => [...keys, ...(last === undefined ? [] : [last])].join('.') || 'body';
  const walk = (v: unknown, depth: number): void => {
    if (out.length >= MAX_REPORTED) return;
    if (typeof v === 'string') {
      const p = problemOf(v);
      if (p) out.push([at(), p]);
      return;
    }
    if (!v || typeof v !== 'object' || depth >= MAX_DEPTH) return;
    if (Array.isArray(v)) {
      // An index loop: no key string per element, and numbers are passed over at once.
      for (let i = 0; i < v.length; i++) {
        const child: unknown = v[i];
        if (typeof child !== 'string' && (!child || typeof child !== 'object')) continue;
        keys.push(i);
        walk(child, depth + 1);
        keys.pop();
      }
      return;
    }
    for (const key in v) {
      const p = problemOf(key);
      if (p) {
        out.push([at(key), p]);
        continue;
      }
      const child = (v as Record<string, unknown>)[key];
      if (typeof child !== 'string' && (!child || typeof child !== 'object')) continue;
      keys.push(key);
      walk(child, depth + 1);
      keys.pop();
    }
  };
  walk(value, 0);
  return out;
}

const MESSAGES: Record<Problem, string> = { NUL: 'a NUL character', surrogate: 'an unpaired UTF-16 surrogate' };

/** preValidation hook of the API scope. */
export async function rejectUnstorableCharacters(request: FastifyRequest): Promise<void> {
  const found = unstorableFields(request.params);
  unstorableFields(request.query, found);
  const body = request.body;
  if (!(body && typeof body === 'object' && cleanBodies.has(body))) unstorableFields(body, found);
  if (found.length === 0) return;
  const errors: Record<string, string[]> = {};
  for (const [path, problem] of found) {
    const field = path.replace(/\u0000/g, '').replace(/[\ud800-\udfff]/g, '\ufffd');
    errors[field] = [`The ${label(field)} field must not contain ${MESSAGES[problem]}.`];
  }
  throw validationError(errors);
}
