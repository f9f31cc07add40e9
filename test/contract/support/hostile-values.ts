// Values no field may take, derived from a field's schema in the OpenAPI document: the robustness sweeps place each
// alone in an otherwise valid body and require a 422 that names that field, and no write (docs/api/conventions.md,
// "Types of body values", "Dates"). Numeric texts where a number belongs, JSON values of a type the field does not
// take, numbers beyond the field's range, dates outside 1000-01-01…9999-12-31 or with a time part, over-long strings,
// NUL and lone surrogates. `npm test` sends a fixed selection; the reliability run (ZK_SWEEP_FULL=1) sends all.
import type { Response } from '../../support/app.js';

/** The whole sweep (reliability run) instead of the fast selection of `npm test`. */
export const FULL_SWEEP = process.env.ZK_SWEEP_FULL === '1';

const RAW = /"@@raw:([^"@]+)@@"/g;
/** A JSON token JSON.stringify cannot write (1e400 parses to Infinity), placed by bodyText. */
export const rawJson = (token: string) => `@@raw:${token}@@`;
/** The JSON text of a body, with rawJson markers written as bare tokens. */
export const bodyText = (body: unknown) => JSON.stringify(body).replace(RAW, '$1');

/** The JSON types a schema takes, union branches included; empty when it takes anything. */
export function acceptedTypes(s: any): string[] {
  if (!s || typeof s !== 'object') return [];
  const own = Array.isArray(s.type) ? s.type : [s.type].filter(Boolean);
  const branches = [...(s.anyOf ?? []), ...(s.oneOf ?? [])].flatMap((b: any) => acceptedTypes(b));
  return [...new Set<string>([...own, ...branches])];
}

const jsonType = (v: unknown) => {
  if (v === null) return 'null';
  return Array.isArray(v) ? 'array' : typeof v;
};
/** Would a value of this JSON type be taken as it is, or by one of the documented conversions? */
function typeTaken(types: string[], v: unknown): boolean {
  const t = jsonType(v);
  if (t === 'number') return types.includes('number') || types.includes('integer') || types.includes('string');
  if (t === 'object') return types.includes('object');
  return types.includes(t);
}

const DATE = (s: any) => s?.format === 'date';
const PLAIN_DATE = (s: any) => DATE(s) && typeof s.pattern === 'string' && s.pattern.endsWith('[0-9]{2}$');
/** A pattern that carries a year (`YYYY-MM`, a date-time or a time): years outside 1000–9999 must fail it. */
const YEAR_PATTERN = (s: any) =>
  typeof s?.pattern === 'string' && /(\[0-9\]\{4\}|\\d\{4\}|\[1-9\]\[0-9\]\{3\})-/.test(s.pattern);

/** Fast selection (`npm test`) and the rest (reliability run). */
const pick = <T>(fast: T[], rest: T[]) => (FULL_SWEEP ? [...fast, ...rest] : fast);

/** Values the field must refuse with a 422 on itself. Free-form fields (no type) have none. */
export function hostileValues(s: any): unknown[] {
  const types = acceptedTypes(s);
  if (types.length === 0) return [];
  const out: unknown[] = [];
  for (const v of pick<unknown>([true, ['a'], {}, null], [false, [], { a: 1 }, 'x']))
    if (!typeTaken(types, v)) out.push(v);
  // 1e400 is Infinity once parsed: no field takes it, as a number or as its text.
  if (FULL_SWEEP) out.push(rawJson('1e400'));
  const numeric = (types.includes('integer') || types.includes('number')) && !types.includes('string');
  if (numeric) {
    out.push(
      ...pick<unknown>(
        ['Infinity', '1e400', 'NaN', '99999999999999999999', rawJson('1e400')],
        ['-Infinity', '-1e400', '0x10', '1e3', '12abc', ' ', rawJson('-1e400')],
      ),
    );
    if (types.includes('integer') && !types.includes('number')) out.push(1.5, ...pick(['1.5'], []));
    if (typeof s.maximum === 'number') out.push(types.includes('integer') ? s.maximum + 1 : s.maximum * 10 + 1);
    if (typeof s.minimum === 'number') out.push(s.minimum - 1);
    if (typeof s.minimum === 'number' && s.minimum > 0) out.push('-0');
  }
  if (types.includes('boolean') && !types.includes('string'))
    out.push(...pick<unknown>(['maybe', 2], ['yes', 'TRUE', -1]));
  if (types.includes('string')) {
    if (typeof s.maxLength === 'number' && s.maxLength < 100_000) out.push('x'.repeat(s.maxLength + 1));
    out.push('a\u0000b', ...pick(['x\ud800'], ['\udc00y']));
    if (Array.isArray(s.enum)) out.push('not-an-option');
    if (DATE(s)) {
      out.push(
        ...pick(
          ['0000-01-01', '10000-01-01', '2026-12-09T00:00:00', '2024-02-30'],
          ['0999-12-31', '2026-12-09 00:00:00', '2026-12-09T10:00:00Z', '2026-12-09T00:00:00+02:00', '2024-1-1'],
        ),
      );
      if (PLAIN_DATE(s)) out.push('2026-12-09T00:00:00.000000Z');
    }
    if (s.format === 'filter-timestamp')
      out.push('0000-01-01', '10000-01-01 00:00:00', ...pick(['2024-02-30'], ['0000-01-01T10:00:00Z']));
    if (YEAR_PATTERN(s))
      out.push('0000-01-01', '0000-01', ...pick(['10000-01-01T10:00:00'], ['10000-01', '0000-01-01T10:00:00']));
  }
  if (types.includes('array')) {
    if (typeof s.maxItems === 'number' && s.maxItems < 10_000)
      out.push(Array.from({ length: s.maxItems + 1 }, () => sampleItem(s.items)));
    const item = acceptedTypes(s.items);
    if (item.length > 0 && !s.items?.properties)
      for (const v of hostileValues(s.items).slice(0, FULL_SWEEP ? 100 : 2)) out.push([v]);
  }
  return [...new Map(out.map((v) => [bodyText(v), v])).values()];
}

/** A valid-looking item for an array over its maxItems (the count must be what fails). */
function sampleItem(s: any): unknown {
  const t = acceptedTypes(s);
  if (Array.isArray(s?.enum)) return s.enum[0];
  if (t.includes('string')) return 'a';
  if (t.includes('integer') || t.includes('number')) return 1;
  if (t.includes('boolean')) return true;
  return {};
}

const names = (errors: unknown, field: string) =>
  Boolean(errors) &&
  typeof errors === 'object' &&
  Object.keys(errors as object).some((k) => {
    const key = k.replace(/\.[0-9]+(?=\.|$)/g, '');
    return key === field || key.startsWith(`${field}.`);
  });

/**
 * Is the answer a 422 whose errors name the field (or a part of it, `items.0.date` for `items.date`)? A bulk write
 * answers 200 with a result per item (docs/api/attendances.md): there each item's result is that 422, on the field
 * within the item.
 */
export function refusedOn(r: Response, field: string): boolean {
  if (r.status === 422) return names(r.body?.errors, field);
  const results = r.status === 200 ? r.body?.results : undefined;
  const [list, within] = [field.split('.')[0], field.split('.').slice(1).join('.')];
  return (
    Array.isArray(results) &&
    results.length > 0 &&
    within !== '' &&
    list === 'items' &&
    results.every((x: any) => x?.status === 422 && names(x.errors, within))
  );
}
