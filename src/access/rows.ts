// Row rules: which records of an area a caller with a narrower grant than `all` reaches (access/matrix.ts). A module
// declares in its index.ts how its routes name the employee a record belongs to; this file applies that to every
// route of the area before its handler runs, so handlers never check rights. What a route cannot be matched to
// refuses (403): a grant is only as wide as the rule that filters it.
import type { FastifyRequest } from 'fastify';
import type { ExpressionBuilder, SelectQueryBuilder } from 'kysely';
import { untyped, type TenantDb, type TenantTable } from '../db/tenant-scope.js';
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
  record?: { table: TenantTable; column: string; key?: string; paths: readonly string[]; shared?: boolean };
  /**
   * List routes (paths below the API prefix) that listResponse (http/list) filters in SQL to the records whose
   * `column` is the caller's username — or, with `via`, whose `column` names a row of `via.table` whose `via.key`
   * equals it and whose `via.column` is the caller (the projects they are assigned to).
   */
  list?: {
    paths: readonly string[];
    column: string;
    via?: { table: TenantTable; key: string; column: string };
    /** A row whose `column` is null belongs to everyone: it is reached too (a month closed for the whole tenant). */
    shared?: boolean;
  };
  /**
   * Body fields only a grant of all rows may set to a value `allows` refuses (in a create or a change), each with the
   * permission it needs (an absence's `approved`: a person may request their own leave, not decide it).
   */
  reserved?: Readonly<Record<string, { permission: string; allows: (value: unknown, creating: boolean) => boolean }>>;
  /** Routes only a grant of all rows may use, each with the permission it needs (a booking's project release). */
  refused?: Readonly<Record<string, string>>;
  /** The module filters its rows itself (and says where). */
  filteredBy?: string;
}

/**
 * Rows beyond one's own that a `department` or `controlled` grant adds for reading (writes stay `own`). The records
 * of `table` reached are the caller's own (`employee` column), and those of the people of their department
 * (`department`), or those of the projects they control (`controlled`: `project` column; docs/api/permissions.md
 * "Projects they control"). A route of the area not named here answers as for `own` rows.
 */
export interface WiderRows {
  table: TenantTable;
  /** Column naming the record's employee (username). */
  employee: string;
  /** Column naming the record's project (controlled rows). */
  project?: string;
  /** List routes: filtered in SQL by listResponse (http/list), one subquery per list; meta.total counts only those. */
  lists: readonly string[];
  /** Item routes whose first path parameter is the record's id: a record out of reach is 404. */
  records: readonly string[];
  /** Routes whose path parameter (the value) names a project: a controlled project's rows are all reached there. */
  projects?: Readonly<Record<string, string>>;
  /**
   * Write routes whose first path parameter is the record's id that a `controlled` grant of writing reaches for the
   * records of the projects the caller controls — not for their own records elsewhere (a booking's project release).
   * Every other write stays the caller's own.
   */
  writes?: readonly string[];
  /**
   * Routes whose path parameter (the value) names an employee (username): the rows there are all reached when that
   * employee is reached — the caller, or a colleague of their department (`department`).
   */
  employees?: Readonly<Record<string, string>>;
  /**
   * A reached record of another employee as it is shown (an absence without its reason); items of `data`. `context` is
   * what `redactContext` loaded for the request (the reasons everyone may see).
   */
  redact?: (record: any, language: string, context: any) => unknown;
  /** What `redact` needs beyond the record, loaded once per request that may redact (one small query). */
  redactContext?: (db: TenantDb) => Promise<unknown>;
}

/** A module's row rules, by the rows they reach. */
export interface AreaRows {
  own?: OwnRows;
  department?: WiderRows;
  controlled?: WiderRows;
}

/** The row kinds these declarations can enforce (what access/authorize.ts may grant beyond `all`). */
export function rowKinds(rules: AreaRows | undefined): ReadonlySet<Rows> {
  const kinds = new Set<Rows>();
  if (rules?.own) kinds.add('own');
  // Wider rows include one's own: their writes and the routes they do not name are own rows.
  if (rules?.own && rules.department) kinds.add('department');
  if (rules?.own && rules.controlled) kinds.add('controlled');
  return kinds;
}

/** A project manager (with or without budget responsibility) of a project controls it: its assignment's `type`. */
export const CONTROLLING_ASSIGNMENT_TYPES = ['1', '2'] as const;

type Employee = NonNullable<FastifyRequest['caller']['employee']>;
type Where = (eb: ExpressionBuilder<any, any>) => any;

/** The projects the employee controls, as a subquery (one per statement, never one per row). */
const controlledProjects = (db: TenantDb, eb: ExpressionBuilder<any, any>, username: string) =>
  eb
    .selectFrom('project_assignments as zk_c')
    .select('zk_c.project_id')
    .where('zk_c.tenant_id', '=', db.tenantId)
    .where('zk_c.employee_id', '=', username)
    .where('zk_c.type', 'in', [...CONTROLLING_ASSIGNMENT_TYPES]);

/** The condition on `alias`'s columns that keeps the rows of `kind` the caller reaches. */
function reach(db: TenantDb, kind: 'department' | 'controlled', wider: WiderRows, me: Employee, alias: string): Where {
  const employee = `${alias}.${wider.employee}`;
  return (eb) =>
    eb.or([
      eb(employee, '=', me.username),
      kind === 'department'
        ? eb(
            employee,
            'in',
            eb
              .selectFrom('employees as zk_d')
              .select('zk_d.username')
              .where('zk_d.tenant_id', '=', db.tenantId)
              .where('zk_d.department_id', '=', me.departmentId),
          )
        : eb(`${alias}.${wider.project}`, 'in', controlledProjects(db, eb, me.username)),
    ]);
}

/** The own rows of a list: `column` is the caller, or names a row of `via` that is theirs. */
function ownList(db: TenantDb, list: NonNullable<OwnRows['list']>, me: string, alias: string): Where {
  const column = `${alias}.${list.column}`;
  const via = list.via;
  if (!via && list.shared) return (eb) => eb.or([eb(column, '=', me), eb(column, 'is', null)]);
  if (!via) return (eb) => eb(column, '=', me);
  return (eb) =>
    eb(
      column,
      'in',
      eb
        .selectFrom(`${via.table} as zk_v`)
        .select(`zk_v.${via.key}`)
        .where('zk_v.tenant_id', '=', db.tenantId)
        .where(`zk_v.${via.column}`, '=', me),
    );
}

/** The alias (or table name) of a list query's first FROM item, to qualify the filter's columns. */
function fromAlias(qb: SelectQueryBuilder<any, any, any>): string {
  const from = (qb.toOperationNode().from?.froms[0] ?? {}) as any;
  return from.kind === 'AliasNode' ? from.alias.name : from.table.identifier.name;
}

/** The route's path below the API prefix, as modules declare it. */
const routePath = (req: FastifyRequest) => req.routeOptions.url?.replace(/^.*?\/next\/api\/v1/, '') ?? '';

/**
 * Applies the caller's rows to the request: another employee's record is 404 (its existence is not revealed); a list
 * is filtered to the caller's rows; a body naming another employee is 403. A route the rule cannot match refuses.
 */
export async function enforceRows(req: FastifyRequest, area: string, action: Action): Promise<void> {
  if (req.rows === 'all') return;
  const rules = req.routeOptions.config.rowRules;
  const me = req.caller.employee;
  if (!rules?.own || !me) throw missingPermission(`${area}:${action}`);
  const path = routePath(req);
  const kind = req.rows;
  if (kind === 'department' || kind === 'controlled') {
    const wider = rules[kind];
    if (wider && (await widerRows(req, kind, wider, me, path, action))) return;
  }
  await ownRows(req, area, action, rules.own, me.username, path);
}

/** Wider rows on the routes `wider` names; false when the route is not one of them (own rows apply). */
async function widerRows(
  req: FastifyRequest,
  kind: 'department' | 'controlled',
  wider: WiderRows,
  me: Employee,
  path: string,
  action: Action,
): Promise<boolean> {
  const params = (req.params ?? {}) as Record<string, unknown>;
  if (action === 'write') {
    // Only the declared write routes, and only on the records of a controlled project; else the own rules decide.
    if (kind !== 'controlled' || !wider.writes?.includes(path) || !wider.project) return false;
    const param = /:(\w+)/.exec(path)![1];
    const row = await untyped(req.db)
      .selectFrom(`${wider.table} as zk_r`)
      .select('zk_r.id')
      .where('zk_r.id', '=', params[param])
      .where((eb) => eb(`zk_r.${wider.project}`, 'in', controlledProjects(req.db, eb, me.username)))
      .executeTakeFirst();
    return row !== undefined;
  }
  if (wider.records.includes(path)) {
    const param = /:(\w+)/.exec(path)![1];
    const row = await untyped(req.db)
      .selectFrom(`${wider.table} as zk_r`)
      .select('zk_r.id')
      .where('zk_r.id', '=', params[param])
      .where(reach(req.db, kind, wider, me, 'zk_r'))
      .executeTakeFirst();
    // Out of reach is the same 404 as unknown: its existence is not revealed.
    if (!row) throw notFound();
  } else if (kind === 'controlled' && wider.projects?.[path] !== undefined) {
    // A controlled project's rows are all reached; any other project's are the caller's own.
    const row = await untyped(req.db)
      .selectFrom('project_assignments')
      .select('project_id')
      .where('project_id', '=', params[wider.projects[path]])
      .where('employee_id', '=', me.username)
      .where('type', 'in', [...CONTROLLING_ASSIGNMENT_TYPES])
      .executeTakeFirst();
    if (!row) return false;
  } else if (kind === 'department' && wider.employees?.[path] !== undefined) {
    // Their own rows, or a department colleague's; anyone else's are as for own rows (404).
    const username = params[wider.employees[path]];
    if (username === me.username) return false;
    const row = await untyped(req.db)
      .selectFrom('employees')
      .select('username')
      .where('username', '=', username)
      .where('department_id', '=', me.departmentId)
      .executeTakeFirst();
    if (!row) return false;
  } else if (wider.lists.includes(path)) {
    req.listFilter = (qb) => qb.where(reach(req.db, kind, wider, me, fromAlias(qb)));
  } else return false;
  const redact = wider.redact;
  if (redact) {
    const column = wider.employee;
    const context = wider.redactContext ? await wider.redactContext(req.db) : undefined;
    req.redact = (item: any) =>
      item && typeof item === 'object' && item[column] !== me.username ? redact(item, req.db.language, context) : item;
  }
  return true;
}

async function ownRows(req: FastifyRequest, area: string, action: Action, own: OwnRows, me: string, path: string) {
  if (own.filteredBy) return;
  const refused = own.refused?.[path];
  if (refused) throw missingPermission(refused);
  const params = (req.params ?? {}) as Record<string, unknown>;
  const query = (req.query ?? {}) as Record<string, unknown>;
  let matched = false;

  if (own.param && own.param in params) {
    if (params[own.param] !== me) throw notFound();
    matched = true;
  }
  const recordParam = own.record?.paths.includes(path) ? /:(\w+)/.exec(path)?.[1] : undefined;
  if (own.record && recordParam) {
    const row = await untyped(req.db)
      .selectFrom(own.record.table)
      .select(own.record.column)
      .where(own.record.key ?? 'id', '=', params[recordParam])
      .where((eb) =>
        own.record!.shared
          ? eb.or([eb(own.record!.column, '=', me), eb(own.record!.column, 'is', null)])
          : eb(own.record!.column, '=', me),
      )
      .executeTakeFirst();
    // Another employee's record is the same 404 as an unknown one: its existence is not revealed.
    if (!row) throw notFound();
    matched = true;
  }
  if (!matched && own.list?.paths.includes(path) && req.method === 'GET') {
    const list = own.list;
    req.listFilter = (qb) => qb.where(ownList(req.db, list, me, fromAlias(qb)));
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
      for (const [field, { permission, allows }] of Object.entries(own.reserved ?? {}))
        if (record[field] != null && !allows(record[field], req.method === 'POST')) throw missingPermission(permission);
    }
    matched ||= req.method === 'POST';
  }
  if (!matched) throw missingPermission(`${area}:${action}`);
}
