// The one place that decides whether a caller may act: the token's scopes, then the role's grant in the matrix
// (access/matrix.ts). A refusal is 403 naming the permission that is missing.
import { ApiError } from '../values/errors.js';
import type { Caller } from './caller.js';
import { MATRIX, type Rows } from './matrix.js';

export type Action = 'read' | 'write';

export const actionOf = (method: string): Action => (method === 'GET' || method === 'HEAD' ? 'read' : 'write');

/** 403 {message, required}: the permission the caller lacks, e.g. "attendances:write". */
export const missingPermission = (required: string) =>
  new ApiError(403, `This action is unauthorized: it requires ${required}.`, undefined, { required });

/** A scope set allows an action when it names it, or write where read is asked, for the area or for every area. */
export function scopesAllow(scopes: ReadonlySet<string> | null, area: string, action: Action): boolean {
  if (scopes === null) return true;
  const accepted = action === 'read' ? ['read', 'write'] : ['write'];
  return accepted.some((a) => scopes.has(`${area}:${a}`) || scopes.has(`*:${a}`));
}

/**
 * The rows the caller reaches in `area` for `action` ('all' for a service token), or a 403. `rowRules` are the row
 * kinds the area can enforce; a grant of any other kind refuses, so nothing is shown that a rule does not filter.
 */
export function authorize(caller: Caller, area: string, action: Action, rowRules: ReadonlySet<Rows> = new Set()): Rows {
  const required = `${area}:${action}`;
  if (!scopesAllow(caller.scopes, area, action)) throw missingPermission(required);
  if (caller.employee === null) return 'all';
  const rows = MATRIX[area]?.[caller.employee.role]?.[action];
  if (rows === undefined || (rows !== 'all' && !rowRules.has(rows))) throw missingPermission(required);
  return rows;
}

/**
 * Whether the caller reads every row of `area` (a service token whose scopes allow it, or a role granted all rows):
 * what a route of another area asks before showing that area's data, e.g. a report's amounts (price tables).
 */
export function readsAll(caller: Caller, area: string): boolean {
  if (!scopesAllow(caller.scopes, area, 'read')) return false;
  return caller.employee === null || MATRIX[area]?.[caller.employee.role]?.read === 'all';
}
