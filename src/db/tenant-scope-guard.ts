// A Kysely plugin for the test app: every statement that touches a table with a tenant_id column must scope it,
// with `tenant_id = <value>` (SELECT, UPDATE, DELETE), a tenant_id value (INSERT), or a join on tenant_id to a
// table that is scoped so. Anything else throws before it reaches the database and is recorded, so a forgotten
// scope fails the suite instead of leaking another tenant's rows. Production does not install it.
import {
  PostgresQueryCompiler,
  SqliteQueryCompiler,
  sql,
  type Kysely,
  type KyselyPlugin,
  type PluginTransformQueryArgs,
  type PluginTransformResultArgs,
  type QueryResult,
  type RootOperationNode,
  type UnknownRow,
} from 'kysely';
import type { Dialect } from './dialect.js';

type Node = { kind?: string; [key: string]: unknown };

const QUERIES = new Set(['SelectQueryNode', 'InsertQueryNode', 'UpdateQueryNode', 'DeleteQueryNode']);
const CONDITIONS = new Set(['WhereNode', 'OnNode']);
/** tenant_id compared with a value by these operators scopes a statement (`tenant_id > 0` does not). */
const SCOPING = new Set(['=', 'in']);

const nameOf = (n: any): string | undefined => n?.table?.identifier?.name ?? n?.identifier?.name ?? n?.name;
const columnName = (n: any): string | undefined => {
  if (n?.kind === 'ColumnNode') return n.column?.name;
  return n?.kind === 'ReferenceNode' ? n.column?.column?.name : undefined;
};
const isTenantColumn = (n: any) => columnName(n) === 'tenant_id';
const qualifier = (n: any): string | undefined =>
  n?.kind === 'ReferenceNode' && n.table ? nameOf(n.table) : undefined;

interface Scope {
  tables: { table: string; alias: string; joined: boolean }[];
  /** An unqualified `tenant_id = value` (or an inserted tenant_id): scopes the query's own FROM/INTO tables. */
  anchored: boolean;
}

/** Tables of a statement that no tenant condition reaches (empty when the statement is scoped). */
export function unscopedTables(root: Node, tenantTables: ReadonlySet<string>): string[] {
  if (root.kind === 'RawNode') return unscopedRaw(root, tenantTables);
  const scopes: Scope[] = [];
  const anchors = new Set<string>();
  const links: [string, string][] = [];

  const visit = (node: unknown, scope: Scope | undefined, inCondition: boolean, joined: boolean): void => {
    if (!node || typeof node !== 'object') return;
    if (Array.isArray(node)) return node.forEach((n) => visit(n, scope, inCondition, joined));
    const n = node as Node;
    if (n.kind && QUERIES.has(n.kind)) {
      scope = { tables: [], anchored: false };
      scopes.push(scope);
      inCondition = false;
    }
    switch (n.kind) {
      case 'TableNode':
        scope?.tables.push({ table: nameOf(n)!, alias: nameOf(n)!, joined });
        return;
      case 'AliasNode':
        if ((n.node as Node)?.kind === 'TableNode') {
          scope?.tables.push({ table: nameOf(n.node)!, alias: nameOf(n.alias)!, joined });
          return;
        }
        break;
      case 'ReferenceNode':
      case 'ColumnNode':
        return;
      case 'BinaryOperationNode': {
        if (!inCondition) break;
        const [left, right] = [n.leftOperand as Node, n.rightOperand as Node];
        const tenantSide = [left, right].find(isTenantColumn);
        if (tenantSide) {
          const other = tenantSide === left ? right : left;
          if (isTenantColumn(other)) {
            const [a, b] = [qualifier(left), qualifier(right)];
            if (a && b) links.push([a, b]);
          } else if (columnName(other) === undefined && SCOPING.has((n.operator as any)?.operator)) {
            const q = qualifier(tenantSide);
            if (q) anchors.add(q);
            else if (scope) scope.anchored = true;
          }
        }
        break;
      }
    }
    for (const [key, child] of Object.entries(n)) {
      if (key === 'kind') continue;
      if (n.kind === 'InsertQueryNode' && key === 'columns') {
        if ((child as unknown[] | undefined)?.some(isTenantColumn) && scope) scope.anchored = true;
        continue;
      }
      visit(
        child,
        scope,
        inCondition || (n.kind !== undefined && CONDITIONS.has(n.kind)),
        joined || n.kind === 'JoinNode',
      );
    }
  };
  visit(root, undefined, false, false);

  for (const s of scopes) if (s.anchored) for (const t of s.tables) if (!t.joined) anchors.add(t.alias);
  for (let grew = true; grew;) {
    grew = false;
    for (const [a, b] of links) {
      if (anchors.has(a) !== anchors.has(b)) {
        anchors.add(a).add(b);
        grew = true;
      }
    }
  }
  return scopes.flatMap((s) =>
    s.tables.filter((t) => tenantTables.has(t.table) && !anchors.has(t.alias)).map((t) => t.table),
  );
}

/** Raw SQL (sql`…`): the tables it names must come with a `tenant_id =` condition in the text. */
function unscopedRaw(root: Node, tenantTables: ReadonlySet<string>): string[] {
  const text = (root.sqlFragments as string[]).join(' ? ');
  const named = [...text.matchAll(/\b(?:from|join|update|into)\s+"?(\w+)"?/gi)].map((m) => m[1]);
  const tableNodes = (nodes: Node[]): string[] =>
    nodes.flatMap((p) => {
      if (p.kind === 'TableNode') return [nameOf(p)!];
      return p.kind === 'RawNode' ? tableNodes(p.parameters as Node[]) : [];
    });
  const params = tableNodes(root.parameters as Node[]);
  const tables = [...named, ...params].filter((t) => tenantTables.has(t));
  return tables.length > 0 && !/\btenant_id\s*=/i.test(text) ? tables : [];
}

/** Fails every statement that leaves a tenant table unscoped; `violations` keeps what it refused. */
export class TenantScopeGuard implements KyselyPlugin {
  readonly violations: string[] = [];
  constructor(
    private readonly tenantTables: ReadonlySet<string>,
    private readonly compile: (node: RootOperationNode) => string,
  ) {}
  transformQuery(args: PluginTransformQueryArgs): RootOperationNode {
    const unscoped = unscopedTables(args.node as unknown as Node, this.tenantTables);
    if (unscoped.length > 0) {
      const message = `unscoped statement on ${[...new Set(unscoped)].join(', ')}: ${this.compile(args.node)}`;
      this.violations.push(message);
      throw new Error(message);
    }
    return args.node;
  }
  async transformResult(args: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    return args.result;
  }
}

/** The tables of this database that carry a tenant_id column. */
export async function tenantTables(db: Kysely<any>, dialect: Dialect): Promise<Set<string>> {
  const rows =
    dialect === 'postgres'
      ? await sql<{
          name: string;
        }>`SELECT table_name AS name FROM information_schema.columns WHERE column_name = 'tenant_id' AND table_schema = current_schema()`.execute(
          db,
        )
      : await sql<{
          name: string;
        }>`SELECT m.name AS name FROM sqlite_master m JOIN pragma_table_info(m.name) p WHERE m.type = 'table' AND p.name = 'tenant_id'`.execute(
          db,
        );
  return new Set(rows.rows.map((r) => r.name));
}

/** The database with the guard installed (same connections; statements through it are checked). */
export async function guardTenantScope<D>(
  db: Kysely<D>,
  dialect: Dialect,
): Promise<{ db: Kysely<D>; guard: TenantScopeGuard }> {
  const compiler = dialect === 'postgres' ? new PostgresQueryCompiler() : new SqliteQueryCompiler();
  const guard = new TenantScopeGuard(
    await tenantTables(db, dialect),
    (node) => compiler.compileQuery(node, { queryId: '' } as any).sql,
  );
  return { db: db.withPlugin(guard), guard };
}
