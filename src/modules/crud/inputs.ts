// Request pieces shared by the people/organisation resources. Clients re-send what they read (GET-merge-PUT),
// so dates accept the read form 'YYYY-MM-DDT00:00:00.000000Z' as well as 'YYYY-MM-DD', and enumerations accept
// the read object {id, name} as well as the bare id.
import { Type } from '@sinclair/typebox';
import { ErrorBag } from '../../values/errors.js';
import { isValidDate, nowTimestamp } from '../../values/formats.js';

/**
 * Normalise the named date fields of a body in place to 'YYYY-MM-DD'; impossible dates (2024-02-30) are a
 * 422 on their field. Fields that are absent or null stay so.
 */
export function dateValues<T extends object>(body: T, fields: readonly (keyof T & string)[]): T {
  const errors = new ErrorBag();
  const b = body as Record<string, unknown>;
  for (const f of fields) {
    const v = b[f];
    if (typeof v !== 'string') continue;
    const day = v.slice(0, 10);
    if (!isValidDate(day))
      errors.add(f, `The ${f.replace(/_/g, ' ')} field must be a valid date in the format YYYY-MM-DD.`);
    else b[f] = day;
  }
  errors.throwIfAny();
  return body;
}

/** An integer enumeration given as the id or as the object {id, name} the API returns. */
export const EnumIn = (min: number, max: number, description: string) =>
  Type.Unsafe<number | { id: number; name?: string }>({
    type: ['integer', 'object'],
    minimum: min,
    maximum: max,
    properties: { id: { type: 'integer', minimum: min, maximum: max } },
    required: ['id'],
    description,
  });

/** The id of an EnumIn value. */
export const enumId = (v: number | { id: number } | null | undefined): number | null | undefined =>
  typeof v === 'object' && v !== null ? v.id : v;

/** created/modified for a new row. */
export const newStamps = () => {
  const now = nowTimestamp();
  return { created: now, modified: now };
};

/** Keep only the keys listed (request bodies may carry read-only keys; they are ignored). */
export function pick<T extends object, K extends string>(body: T, keys: readonly K[]): Partial<Record<K, unknown>> {
  const out: Partial<Record<K, unknown>> = {};
  for (const k of keys)
    if ((body as Record<string, unknown>)[k] !== undefined) out[k] = (body as Record<string, unknown>)[k];
  return out;
}

/** Merged value of a field under PATCH semantics: the submitted one, else the current one. */
export const merged = <V>(submitted: V | undefined, current: V): V => (submitted !== undefined ? submitted : current);

/** Closed date intervals with open ends (null = unbounded) overlap? */
export function intervalsOverlap(
  a: { start: string | null; end: string | null },
  b: { start: string | null; end: string | null },
): boolean {
  const aStartsBeforeBEnds = a.start === null || b.end === null || a.start <= b.end;
  const bStartsBeforeAEnds = b.start === null || a.end === null || b.start <= a.end;
  return aStartsBeforeBEnds && bStartsBeforeAEnds;
}
