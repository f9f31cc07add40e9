// Row rules: which records of an area a caller with a narrower grant than `all` reaches (access/matrix.ts). A module
// declares in its index.ts how its routes name the employee a record belongs to; this file applies that to every
// route of the area before its handler runs, so handlers never check rights. What a route cannot be matched to
// refuses (403): a grant is only as wide as the rule that filters it.
import type { FastifyRequest } from 'fastify';
import { untyped, type TenantTable } from '../db/tenant-scope.js';
import { notFound } from '../values/errors.js';
import { missingPermission, type Action } from './authorize.js';
import type { Rows } from './matrix.js';

/** How the routes of an area name the employee (username) a record belongs to. */
export interface OwnRows {
  /** Path parameter holding the username (/employees/:username/…). */
  param?: string;
  /** List filter forced to the caller (employee_id=…, or employee_ids[] for array filters). */
  query?: string;
  /** Body field naming the employee on create and update; a body with items names it on each item. */
  body?: string;
  /**
   * Item routes: the routes (paths below the API prefix) whose first path parameter names a record the caller reaches
   * when `table` has a row with `key` (default id) equal to it and `column` equal to the caller's username — their
   * booking (attendances.employee_id), or a project they are assigned to (project_assignments.employee_id). Other
   * routes of the area with parameters are not matched (they refuse).
   */
  record?: { table: TenantTable; column: string; key?: string; paths: readonly string[] };
  /** Body fields only a grant of all rows may set, each with the permission it needs (an absence's `approved`). */
  reserved?: Readonly<Record<string, string>>;
  /** The module filters its rows itself (and says where). */
  filteredBy?: string;
}

/** A module's row rules, by the rows they reach. */
export interface AreaRows {
  own?: OwnRows;
}

/** The row kinds these declarations can enforce (what access/authorize.ts may grant beyond `all`). */
export function rowKinds(rules: AreaRows | undefined): ReadonlySet<Rows> {
  return new Set(rules?.own ? (['own'] as const) : []);
}

/**
 * Applies the caller's rows to the request: another employee's record is 404 (its existence is not revealed); a list
 * is filtered to the caller; a body naming another employee is 403. A route the rule cannot match refuses.
 */
export async function enforceRows(req: FastifyRequest, area: string, action: Action): Promise<void> {
  if (req.rows === 'all') return;
  const own = req.routeOptions.config.rowRules?.own;
  const me = req.caller.employee?.username;
  if (!own || me === undefined) throw missingPermission(`${area}:${action}`);
  if (own.filteredBy) return;
  const params = (req.params ?? {}) as Record<string, unknown>;
  const query = (req.query ?? {}) as Record<string, unknown>;
  let matched = false;

  if (own.param && own.param in params) {
    if (params[own.param] !== me) throw notFound();
    matched = true;
  }
  const path = req.routeOptions.url?.replace(/^.*?\/next\/api\/v1/, '') ?? '';
  const recordParam = own.record?.paths.includes(path) ? /:(\w+)/.exec(path)?.[1] : undefined;
  if (own.record && recordParam) {
    const row = await untyped(req.db)
      .selectFrom(own.record.table)
      .select(own.record.column)
      .where(own.record.key ?? 'id', '=', params[recordParam])
      .where(own.record.column, '=', me)
      .executeTakeFirst();
    // Another employee's record is the same 404 as an unknown one: its existence is not revealed.
    if (!row) throw notFound();
    matched = true;
  }
  if (!matched && own.query && req.method === 'GET') {
    const given = query[own.query];
    const asked = given === undefined ? [] : [given].flat();
    if (asked.some((value) => value !== me)) throw missingPermission(`${area}:read (all rows)`);
    query[own.query] = own.query.endsWith('[]') ? [me] : me;
    matched = true;
  }
  if (own.body && req.body && typeof req.body === 'object') {
    const body = req.body as Record<string, unknown>;
    const records = Array.isArray(body.items) ? (body.items as Record<string, unknown>[]) : [body];
    for (const record of records) {
      if (own.body in record && record[own.body] !== me) throw missingPermission(`${area}:write (other employees)`);
      for (const [field, permission] of Object.entries(own.reserved ?? {}))
        if (record[field]) throw missingPermission(permission);
    }
    matched ||= req.method === 'POST';
  }
  if (!matched) throw missingPermission(`${area}:${action}`);
}
