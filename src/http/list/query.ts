// The query parameters every list accepts (contract list conventions), and array filters.
import { Type, type TProperties } from '@sinclair/typebox';
import { FilterTimestamp, MAX_ID, Nullable } from '../schemas.js';

export const DEFAULT_LIMIT = 15;
export const MAX_LIMIT = 200;

/** Query parameters every list accepts. Unknown parameters are ignored (additionalProperties). */
export const listParams = {
  page: Type.Optional(
    Nullable(Type.Integer({ minimum: 1, maximum: MAX_ID, description: 'Page to return, counting from 1.' })),
  ),
  limit: Type.Optional(
    Nullable(Type.Integer({ minimum: 1, maximum: MAX_LIMIT, description: 'Records per page, default 15.' })),
  ),
  perPage: Type.Optional(Type.String({ maxLength: 255, description: 'Ignored, whatever its value; use limit.' })),
  orderBy: Type.Optional(
    Nullable(Type.String({ maxLength: 100, description: 'Field to sort by; unknown fields sort by the default.' })),
  ),
  order: Type.Optional(Nullable(Type.String({ enum: ['asc', 'desc', 'ASC', 'DESC'] }))),
  modified_after: Type.Optional(FilterTimestamp()),
  modified_before: Type.Optional(FilterTimestamp()),
  format: Type.Optional(
    Type.String({
      enum: ['json', 'csv'],
      description:
        'Extension: `csv` answers the whole list (every page, same filters and sort) as CSV; so does `Accept: text/csv`.',
    }),
  ),
};

/** Query schema of a list: the common parameters plus the resource's own filters. */
export function listQuery<P extends TProperties>(filters: P = {} as P) {
  return Type.Object({ ...listParams, ...filters }, { additionalProperties: true });
}

/** A query schema for lists that accept only `page` (and the ignored rest). */
export const pageOnlyQuery = Type.Object(
  { page: listParams.page, limit: listParams.limit, perPage: listParams.perPage },
  { additionalProperties: true },
);

export interface ListQueryValues {
  page?: number | null;
  limit?: number | null;
  orderBy?: string | null;
  order?: string | null;
  modified_after?: string;
  modified_before?: string;
}

/**
 * Array filter values. http/request-input.ts has already gathered `key[]=a`, `key[0]=a` and `key=a&key=b` under the
 * key the schema declares (`key[]` or `key`).
 */
export function arrayParam(query: Record<string, unknown>, name: string): string[] | undefined {
  const raw = query[`${name}[]`] ?? query[name];
  if (raw === undefined || raw === null) return undefined;
  const values = (Array.isArray(raw) ? raw : [raw]).map(String);
  return values;
}
