// Captures the SQL an HTTP request runs and explains it on the request's own database. Every table but
// `tenants` is tenant-owned and every index starts with tenant_id, so any access that is not bound by tenant_id
// (or a rowid lookup) reads every tenant's rows: a full table or index scan fails. For the large tables (those
// that grow with a tenant's bookings, projects and people) the SQLite plan also tells whether only tenant_id
// bounds the access, i.e. every row of the tenant is read.
import { CompiledQuery, type Kysely } from 'kysely';
import type { Database } from '../../../src/db/connection.js';

export const LARGE_TABLES = ['attendances', 'projects', 'project_tasks', 'customers', 'employees'];
const ALIAS = new RegExp(`"?\\b(${LARGE_TABLES.join('|')})\\b"?\\s+as\\s+"?(\\w+)"?`, 'gi');
/** Looked up by its unique instance name before the tenant is known. */
const UNSCOPED_TABLES = new Set(['tenants']);

export interface CapturedQuery {
  sql: string;
  parameters: unknown[];
}

/** Pass `log.onQuery` to openDatabase; statements are kept only while a capture runs. */
export class QueryLog {
  #entries: CapturedQuery[] | null = null;
  readonly onQuery = (sql: string, parameters: readonly unknown[]) => {
    this.#entries?.push({ sql, parameters: [...parameters] });
  };
  async capture(run: () => Promise<unknown>): Promise<CapturedQuery[]> {
    const entries: CapturedQuery[] = [];
    this.#entries = entries;
    try {
      await run();
    } finally {
      this.#entries = null;
    }
    return entries;
  }
}

export const isSelect = (q: CapturedQuery) => /^\s*(with|select)\b/i.test(q.sql);

export interface PlanVerdict {
  plan: string;
  problems: string[];
  /** SQLite: the statement's first access of a large table when only tenant_id bounds it (every row of the tenant). */
  tenantWide?: string;
}

/**
 * SQLite: every table access must be a SEARCH bound by tenant_id or a rowid lookup. `SCAN t` is a full table
 * scan, `SCAN t USING [COVERING] INDEX i` a full index scan: both fail. (Subqueries, CTEs and constant rows are
 * not tables.)
 */
async function explainSqlite(db: Kysely<any>, q: CapturedQuery): Promise<PlanVerdict> {
  const rows = (await db.executeQuery(CompiledQuery.raw(`EXPLAIN QUERY PLAN ${q.sql}`, q.parameters))).rows as {
    id: number;
    parent: number;
    detail: string;
  }[];
  const depth = new Map<number, number>([[0, -1]]);
  const lines = rows.map((r) => {
    depth.set(r.id, (depth.get(r.parent) ?? 0) + 1);
    return `${'  '.repeat(depth.get(r.id)!)}${r.detail}`;
  });
  const large = new Set(LARGE_TABLES);
  for (const m of q.sql.matchAll(ALIAS)) large.add(m[2]);
  const ctes = new Set([...q.sql.matchAll(/(?:\bwith|,)\s+"?(\w+)"?\s+as\s*\(/gi)].map((m) => m[1]));
  const problems: string[] = [];
  for (const { detail } of rows) {
    const m = /^(SCAN|SEARCH) (\S+)/.exec(detail);
    if (
      !m ||
      m[2] === 'CONSTANT' ||
      m[2].startsWith('(') ||
      ctes.has(m[2]) ||
      UNSCOPED_TABLES.has(m[2]) ||
      /VIRTUAL TABLE/.test(detail)
    )
      continue;
    if (m[1] === 'SCAN') problems.push(`full ${/USING/.test(detail) ? 'index ' : ''}scan: ${detail}`);
    else if (!/\(tenant_id[=><]|\(rowid=/.test(detail)) problems.push(`search not bound by tenant_id: ${detail}`);
  }
  const first = rows.map((r) => /^(?:SCAN|SEARCH) (\S+)/.exec(r.detail)).find((m) => m && large.has(m[1]));
  return {
    plan: lines.join('\n'),
    problems,
    tenantWide: first && /\(tenant_id=\?\)$/.test(first.input) ? first.input : undefined,
  };
}

interface PgNode {
  'Node Type': string;
  'Relation Name'?: string;
  Alias?: string;
  'Index Name'?: string;
  'Index Cond'?: string;
  'Recheck Cond'?: string;
  Filter?: string;
  Plans?: PgNode[];
}

function renderPg(node: PgNode, depth = 0): string[] {
  const on = node['Relation Name']
    ? ` on ${node['Relation Name']}${node.Alias && node.Alias !== node['Relation Name'] ? ` ${node.Alias}` : ''}`
    : '';
  const using = node['Index Name'] ? ` using ${node['Index Name']}` : '';
  const details = (['Index Cond', 'Filter'] as const)
    .filter((k) => node[k])
    .map((k) => `\n${'  '.repeat(depth + 2)}${k}: ${node[k]}`);
  return [
    `${'  '.repeat(depth)}${node['Node Type']}${using}${on}${details.join('')}`,
    ...(node.Plans ?? []).flatMap((p) => renderPg(p, depth + 1)),
  ];
}

const bitmapIndexScans = (node: PgNode): PgNode[] =>
  node['Node Type'] === 'Bitmap Index Scan' ? [node] : (node.Plans ?? []).flatMap(bitmapIndexScans);

function pgProblems(node: PgNode): string[] {
  const table = node['Relation Name'];
  const own: string[] = [];
  if (table && !UNSCOPED_TABLES.has(table)) {
    const type = node['Node Type'];
    if (type === 'Seq Scan') own.push(`Seq Scan on ${table}`);
    if ((type === 'Index Scan' || type === 'Index Only Scan') && !/tenant_id/.test(node['Index Cond'] ?? ''))
      own.push(`full index scan: ${type} using ${node['Index Name']} on ${table}`);
    if (type === 'Bitmap Heap Scan' && bitmapIndexScans(node).some((b) => !/tenant_id/.test(b['Index Cond'] ?? '')))
      own.push(`bitmap scan not bound by tenant_id on ${table}`);
  }
  return [...own, ...(node.Plans ?? []).flatMap(pgProblems)];
}

/** PostgreSQL with sequential scans disabled: a Seq Scan that remains means no usable index exists. */
async function explainPostgres(db: Kysely<any>, q: CapturedQuery): Promise<PlanVerdict> {
  return db.connection().execute(async (conn) => {
    await conn.executeQuery(CompiledQuery.raw('SET enable_seqscan = off'));
    try {
      const { rows } = await conn.executeQuery(CompiledQuery.raw(`EXPLAIN (FORMAT JSON) ${q.sql}`, q.parameters));
      const root = (Object.values(rows[0] as object)[0] as { Plan: PgNode }[])[0].Plan;
      return { plan: renderPg(root).join('\n'), problems: pgProblems(root) };
    } finally {
      await conn.executeQuery(CompiledQuery.raw('RESET enable_seqscan'));
    }
  });
}

export const explain = (database: Database, q: CapturedQuery): Promise<PlanVerdict> =>
  database.dialect === 'sqlite' ? explainSqlite(database.db, q) : explainPostgres(database.db, q);
