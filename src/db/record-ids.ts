// Record ids are numbered per tenant and table (docs/api/conventions.md, "Ids"): a tenant's new records get 1, 2, 3 …
// whatever other tenants create, so an id tells nothing about anyone else's volume. The key stays (tenant_id, id).
// The tenant's counter is its row in record_ids (migration 2801), advanced in the inserting transaction and never
// reused (a deleted record's id is not given again):
//   - PostgreSQL: a BEFORE INSERT trigger on each table takes the next value (PG_RECORD_ID_FUNCTIONS); the counter
//     row stays locked from a transaction's first insert into the table until it ends, so concurrent inserts of
//     one tenant into one table queue there, and those of other tenants or tables do not meet at all;
//   - SQLite (which runs one writer at a time): RecordIdPlugin adds `id = the counter + n` to every INSERT that
//     names no id, and an AFTER INSERT trigger moves the counter past it.
// An insert that names its id (imports, migrations) keeps it, and the counter moves past it on both databases.
import {
  ColumnNode,
  PrimitiveValueListNode,
  sql,
  ValueListNode,
  ValueNode,
  ValuesNode,
  type KyselyPlugin,
  type OperationNode,
  type PluginTransformQueryArgs,
  type PluginTransformResultArgs,
  type QueryResult,
  type RootOperationNode,
  type UnknownRow,
} from 'kysely';
import type { Dialect } from './dialect.js';

/** Tenant tables whose records have an id; every one of them is numbered per tenant (test/db/record-ids.test.ts). */
export const RECORD_ID_TABLES: ReadonlySet<string> = new Set([
  'absence_reasons',
  'absences',
  'activities',
  'api_tokens',
  'articles',
  'attachments',
  'attendances',
  'break_regulation_types',
  'categories',
  'customer_addresses',
  'customer_contacts',
  'customers',
  'default_plannings',
  'departments',
  'devices',
  'dynamic_attributes',
  'employees',
  'employment_periods',
  'folders',
  'holiday_calendars',
  'holidays',
  'internal_rates',
  'invoice_items',
  'invoices',
  'leave_approval_applications',
  'location_lists',
  'locations',
  'meals',
  'month_closings',
  'offer_items',
  'offers',
  'plannings',
  'price_factors',
  'price_groups',
  'price_tables',
  'prices',
  'project_activities',
  'project_assignments',
  'project_locations',
  'project_statuses',
  'project_tasks',
  'projects',
  'receipt_amounts',
  'receipt_types',
  'receipts',
  'regular_working_times',
  'resource_plannings',
  'sessions',
  'ticket_subtasks',
  'tickets',
  'transponders',
  'vehicle_lists',
  'vehicles',
  'webhook_deliveries',
  'webhooks',
]);

/**
 * PostgreSQL: the trigger functions every numbered table shares (created by migration 2801). A transaction's first
 * insert into the table for the tenant advances the counter row (which stays locked until the transaction ends); its
 * further ids come from a transaction-local setting, and the last of them is written back once, at COMMIT, by a
 * deferred constraint trigger. Updating the counter row per insert instead would grow one row's version chain inside the
 * transaction, which costs time in proportion to the inserts before (measured: 13 µs an insert at 5,000 in one
 * transaction became 56 µs, 300 µs at 20,000; docs/performance.md).
 */
export const PG_RECORD_ID_FUNCTIONS = [
  `CREATE OR REPLACE FUNCTION record_id() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  setting text := 'zeitkonto_record_ids.t' || NEW.tenant_id || '_' || TG_TABLE_NAME;
  held text := current_setting(setting, true);
  last bigint;
BEGIN
  IF held IS NULL OR held = '' THEN
    -- The transaction's first insert into the table for the tenant: advance the counter row, which stays locked.
    INSERT INTO record_ids AS r (tenant_id, table_name, last_id) VALUES (NEW.tenant_id, TG_TABLE_NAME, coalesce(NEW.id, 1))
    ON CONFLICT (tenant_id, table_name) DO UPDATE SET last_id = CASE WHEN EXCLUDED.last_id > r.last_id AND NEW.id IS NOT NULL THEN EXCLUDED.last_id WHEN NEW.id IS NULL THEN r.last_id + 1 ELSE r.last_id END
    RETURNING last_id INTO last;
    NEW.id := coalesce(NEW.id, last);
    PERFORM set_config(setting || '_saved', last::text, true);
  ELSE
    last := held::bigint;
    IF NEW.id IS NULL THEN
      last := last + 1;
      NEW.id := last;
    ELSIF NEW.id > last THEN
      last := NEW.id;
    END IF;
  END IF;
  PERFORM set_config(setting, last::text, true);
  RETURN NEW;
END $$`,
  `CREATE OR REPLACE FUNCTION record_id_save() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  setting text := 'zeitkonto_record_ids.t' || NEW.tenant_id || '_' || TG_TABLE_NAME;
  last text := current_setting(setting, true);
BEGIN
  IF last IS NOT NULL AND last <> '' AND last IS DISTINCT FROM current_setting(setting || '_saved', true) THEN
    UPDATE record_ids SET last_id = last::bigint WHERE tenant_id = NEW.tenant_id AND table_name = TG_TABLE_NAME AND last_id < last::bigint;
    PERFORM set_config(setting || '_saved', last, true);
  END IF;
  RETURN NULL;
END $$`,
];

/** The statements that number one table per tenant (after its id column lost its own sequence). */
export function recordIdTriggers(dialect: Dialect, table: string): string[] {
  if (dialect === 'postgres') {
    return [
      `CREATE TRIGGER ${table}_record_id BEFORE INSERT ON ${table} FOR EACH ROW EXECUTE FUNCTION record_id()`,
      `CREATE CONSTRAINT TRIGGER ${table}_record_id_save AFTER INSERT ON ${table} DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION record_id_save()`,
    ];
  }
  return [
    `CREATE TRIGGER ${table}_record_id AFTER INSERT ON ${table} BEGIN
  INSERT INTO record_ids (tenant_id, table_name, last_id) VALUES (NEW.tenant_id, '${table}', NEW.id)
  ON CONFLICT (tenant_id, table_name) DO UPDATE SET last_id = excluded.last_id WHERE last_id < excluded.last_id;
END`,
  ];
}

/**
 * `(the tenant's counter of this table) + n`: the id of the n-th row of one SQLite INSERT. The table (one of
 * RECORD_ID_TABLES) and n are literals, the tenant a bound value as in the row: one more bound variable per row, and
 * one statement text for every tenant (the driver's statement cache).
 */
function nextId(table: string, tenant: OperationNode, n: number): OperationNode {
  const tenantId = { toOperationNode: () => tenant };
  return sql`(coalesce((SELECT last_id FROM record_ids WHERE tenant_id = ${tenantId} AND table_name = ${sql.lit(table)}), 0) + ${sql.lit(n)})`.toOperationNode();
}

/**
 * SQLite: gives every row of an INSERT into a numbered table that names no id the next ids of its tenant. One
 * statement's rows get counter+1, counter+2, … (read once: SQLite evaluates a constant subquery once per statement;
 * were it read again after a row's trigger moved the counter, the ids would only leave gaps).
 */
export class RecordIdPlugin implements KyselyPlugin {
  /** `numbered()`: whether the database has record_ids yet (a database migrated only part of the way has not). */
  constructor(private readonly numbered: () => boolean) {}

  transformQuery({ node }: PluginTransformQueryArgs): RootOperationNode {
    if (node.kind !== 'InsertQueryNode') return node;
    const table = node.into?.table.identifier.name;
    if (
      !table ||
      !RECORD_ID_TABLES.has(table) ||
      !node.columns ||
      node.values?.kind !== 'ValuesNode' ||
      !this.numbered()
    )
      return node;
    const columns = node.columns.map((c) => c.column.name);
    const tenantAt = columns.indexOf('tenant_id');
    if (columns.includes('id') || tenantAt < 0) return node;
    const rows = (node.values as ValuesNode).values.map((row, i) => {
      const values = PrimitiveValueListNode.is(row) ? row.values.map((v) => ValueNode.create(v)) : row.values;
      return ValueListNode.create([...values, nextId(table, values[tenantAt], i + 1)]);
    });
    return { ...node, columns: [...node.columns, ColumnNode.create('id')], values: ValuesNode.create(rows) };
  }

  async transformResult({ result }: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    return result;
  }
}
