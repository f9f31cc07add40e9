// Distributable by tenant (docs/scaling.md): for PostgreSQL with Citus, tables distributed by tenant_id
// need every primary key and unique index to contain tenant_id, and every foreign key between them to join on it.
// The house rule is stricter (tenant first, which also serves every tenant-scoped query); this test holds every
// table of the migrated schema to it, so a new table, unique index or foreign key that is not fails here.
// Tables without tenant_id are the listed exceptions, each with the way it is distributed.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { sql, type Kysely } from 'kysely';
import type { DB } from '../../src/db/schema.js';
import { forEachDialect } from '../support/app.js';

/** Tables that belong to no tenant, and how a Citus cluster holds them (docs/scaling.md). */
const NOT_DISTRIBUTED: Record<string, string> = {
  tenants: 'reference table (replicated to every node; tenant tables refer to it by tenant_id)',
  schema_migrations: 'local table of the coordinator',
  write_journal: 'local table of each node (PostgreSQL): rows live only inside the writing transaction',
};

interface Schema {
  /** table -> its columns */
  tables: Map<string, string[]>;
  /** unique indexes and primary keys: table, name, columns in order */
  unique: { table: string; name: string; columns: string[] }[];
  /** foreign keys: table, columns, referenced table and columns (in matching order) */
  foreignKeys: { table: string; columns: string[]; references: string; referenced: string[] }[];
}

async function readSchema(db: Kysely<DB>, dialect: 'sqlite' | 'postgres'): Promise<Schema> {
  const tables = new Map<string, string[]>();
  const unique: Schema['unique'] = [];
  const foreignKeys: Schema['foreignKeys'] = [];
  if (dialect === 'postgres') {
    const cols = await sql<{ t: string; c: string }>`
      select c.relname as t, a.attname as c from pg_class c join pg_namespace n on n.oid = c.relnamespace
      join pg_attribute a on a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped
      where n.nspname = current_schema() and c.relkind in ('r', 'p') order by c.relname, a.attnum`.execute(db);
    for (const r of cols.rows) tables.set(r.t, [...(tables.get(r.t) ?? []), r.c]);
    const idx = await sql<{ t: string; name: string; columns: string[] }>`
      select c.relname as t, i.relname as name,
        array(select a.attname from unnest(x.indkey) with ordinality k(attnum, ord) join pg_attribute a on a.attrelid = c.oid and a.attnum = k.attnum order by k.ord)::text[] as columns
      from pg_index x join pg_class c on c.oid = x.indrelid join pg_class i on i.oid = x.indexrelid join pg_namespace n on n.oid = c.relnamespace
      where n.nspname = current_schema() and x.indisunique`.execute(db);
    unique.push(...idx.rows.map((r) => ({ table: r.t, name: r.name, columns: r.columns })));
    const fks = await sql<{ t: string; columns: string[]; references: string; referenced: string[] }>`
      select c.relname as t, f.relname as references,
        array(select a.attname from unnest(k.conkey) with ordinality u(attnum, ord) join pg_attribute a on a.attrelid = k.conrelid and a.attnum = u.attnum order by u.ord)::text[] as columns,
        array(select a.attname from unnest(k.confkey) with ordinality u(attnum, ord) join pg_attribute a on a.attrelid = k.confrelid and a.attnum = u.attnum order by u.ord)::text[] as referenced
      from pg_constraint k join pg_class c on c.oid = k.conrelid join pg_class f on f.oid = k.confrelid join pg_namespace n on n.oid = c.relnamespace
      where k.contype = 'f' and n.nspname = current_schema()`.execute(db);
    foreignKeys.push(
      ...fks.rows.map((r) => ({ table: r.t, columns: r.columns, references: r.references, referenced: r.referenced })),
    );
    return { tables, unique, foreignKeys };
  }
  const names = await sql<{
    name: string;
  }>`select name from sqlite_master where type = 'table' and name not like 'sqlite_%'`.execute(db);
  for (const { name } of names.rows) {
    const info = await sql<{ name: string; pk: number }>`select name, pk from pragma_table_info(${name})`.execute(db);
    tables.set(
      name,
      info.rows.map((c) => c.name),
    );
    const pk = info.rows
      .filter((c) => c.pk > 0)
      .sort((a, b) => a.pk - b.pk)
      .map((c) => c.name);
    if (pk.length) unique.push({ table: name, name: `${name} primary key`, columns: pk });
    const list = await sql<{
      name: string;
      unique: number;
      origin: string;
    }>`select name, "unique", origin from pragma_index_list(${name})`.execute(db);
    for (const ix of list.rows.filter((i) => i.unique && i.origin !== 'pk')) {
      const cols = await sql<{
        name: string;
        seqno: number;
      }>`select name, seqno from pragma_index_info(${ix.name}) order by seqno`.execute(db);
      unique.push({ table: name, name: ix.name, columns: cols.rows.map((c) => c.name) });
    }
    const fk = await sql<{
      id: number;
      seq: number;
      table: string;
      from: string;
      to: string | null;
    }>`select id, seq, "table", "from", "to" from pragma_foreign_key_list(${name}) order by id, seq`.execute(db);
    const byId = new Map<number, Schema['foreignKeys'][number]>();
    for (const r of fk.rows) {
      const k = byId.get(r.id) ?? { table: name, columns: [], references: r.table, referenced: [] };
      k.columns.push(r.from);
      k.referenced.push(r.to ?? 'id');
      byId.set(r.id, k);
    }
    foreignKeys.push(...byId.values());
  }
  return { tables, unique, foreignKeys };
}

forEachDialect('distributable by tenant', (t) => {
  test('every table carries tenant_id or is a listed exception; every unique key and foreign key of a tenant table leads with tenant_id', async () => {
    const schema = await readSchema(t().database.db, t().dialect);
    const isTenantTable = (table: string) => schema.tables.get(table)?.includes('tenant_id') ?? false;
    assert.ok(
      schema.tables.size > 20 && schema.unique.length > 40 && schema.foreignKeys.length > 40,
      `read ${schema.tables.size} tables, ${schema.unique.length} unique keys, ${schema.foreignKeys.length} foreign keys`,
    );
    assert.ok(
      schema.unique.some((u) => u.table === 'customers' && u.columns.join() === 'tenant_id,customer_number'),
      'the customer number is unique per tenant',
    );

    const undistributed = [...schema.tables.keys()].filter(
      (table) => !isTenantTable(table) && !Object.hasOwn(NOT_DISTRIBUTED, table),
    );
    assert.deepEqual(undistributed, [], 'tables without tenant_id that docs/scaling.md does not place');

    // SQLite's rowid key (`id INTEGER PRIMARY KEY`) stands in for PostgreSQL's (tenant_id, id) when the unique
    // (tenant_id, id) index is there: SQLite is never distributed.
    const rowidKey = (u: Schema['unique'][number]) =>
      t().dialect === 'sqlite' &&
      u.name.endsWith(' primary key') &&
      u.columns.join() === 'id' &&
      schema.unique.some((o) => o.table === u.table && o.columns.join() === 'tenant_id,id');
    const badUnique = schema.unique
      .filter((u) => isTenantTable(u.table) && u.columns[0] !== 'tenant_id' && !rowidKey(u))
      .map((u) => `${u.table}: ${u.name} (${u.columns.join(', ')})`);
    assert.deepEqual(badUnique, [], 'unique keys of tenant tables that do not start with tenant_id');

    const badForeign = schema.foreignKeys
      .filter((k) => isTenantTable(k.table))
      .filter((k) => {
        if (k.references === 'tenants') return !(k.columns.length === 1 && k.columns[0] === 'tenant_id');
        if (!isTenantTable(k.references)) return true; // a tenant table may refer only to tenant tables and to tenants
        return k.columns[0] !== 'tenant_id' || k.referenced[0] !== 'tenant_id';
      })
      .map((k) => `${k.table} (${k.columns.join(', ')}) -> ${k.references} (${k.referenced.join(', ')})`);
    assert.deepEqual(badForeign, [], 'foreign keys of tenant tables that do not join on tenant_id');

    const intoTenantTables = schema.foreignKeys
      .filter((k) => !isTenantTable(k.table) && isTenantTable(k.references))
      .map((k) => `${k.table} -> ${k.references}`);
    assert.deepEqual(intoTenantTables, [], 'reference or local tables referring to distributed ones');
  });
});
