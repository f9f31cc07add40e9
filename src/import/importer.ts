// `zeitkonto import <instance> --from <base URL> --token-file <file>` (docs/import.md): reads a tenant out of a
// running ZEP-compatible API and creates or fills the local tenant — master data first, then history, in dependency
// order (resources.ts). One transaction per page: a page's records, its records' children and the resource's
// checkpoint are written together or not at all, so a rerun after a failure resumes with the first page not written.
import type { Kysely } from 'kysely';
import type { DB } from '../db/schema.js';
import type { Dialect } from '../db/dialect.js';
import { tableColumns, type ColumnInfo } from '../db/journal.js';
import { forTenant, untyped, type TenantDb } from '../db/tenant-scope.js';
import { createTenant, findTenant, type Tenant } from '../tenancy/tenants.js';
import { PAGE_SIZE, Source, type SourceOptions } from './source.js';
import { RESOURCES, type Child, type Link, type Resource } from './resources.js';
import { toRow } from './rows.js';
import { clearCheckpoints, readCheckpoint, upsertRows, writeCheckpoint, type Checkpoint } from './write.js';

type Item = Record<string, any>;
interface Write {
  table: string;
  key: string[];
  rows: Item[];
  links?: Link[];
}
/** Where a row keeps the keys its links look up until the rows they name are written. */
const LOOKUP = Symbol('lookup');

/** The rows with the local ids their links name (those rows are written first, in the same transaction). */
async function linked(trx: TenantDb, w: Write): Promise<Item[]> {
  let rows = w.rows;
  for (const [n, link] of (w.links ?? []).entries()) {
    const keys = [...new Set(rows.map((r) => r[LOOKUP as any][n]))];
    const ids = new Map<string, unknown>();
    for (let i = 0; i < keys.length; i += 500) {
      const found = await untyped(trx)
        .selectFrom(link.table)
        .select(['id', link.key])
        .where(link.key, 'in', keys.slice(i, i + 500))
        .execute();
      for (const f of found) ids.set(String(f[link.key]), f.id);
    }
    rows = rows.map((r) => ({ ...r, [link.column]: ids.get(String(r[LOOKUP as any][n])) }));
  }
  return rows;
}

export interface ImportOptions {
  instance: string;
  source: SourceOptions;
  /** Only records modified after this time, on the lists that take modified_after (docs/import.md). */
  since?: string;
  /** Read everything again, whatever the checkpoints say. */
  again?: boolean;
  /** Progress lines (stderr in the CLI). */
  progress?: (line: string) => void;
  /** Only these resources (by name; tests and partial imports). */
  only?: readonly string[];
}

export interface ResourceReport {
  name: string;
  outcome: 'imported' | 'skipped' | 'already imported';
  records: number;
  pages: number;
  reason?: string;
}

export interface ImportReport {
  tenant: Tenant;
  created: boolean;
  resources: ResourceReport[];
  requests: number;
  throttled: number;
  seconds: number;
}

const NOT_AVAILABLE = 'the source answers 404 or 403 (module not licensed, not in its edition, or not readable)';

export async function importTenant(db: Kysely<DB>, dialect: Dialect, opts: ImportOptions): Promise<ImportReport> {
  const started = Date.now();
  const source = new Source(opts.source);
  const progress = opts.progress ?? (() => {});
  let tenant = await findTenant(db, opts.instance);
  const created = tenant === undefined;
  tenant ??= await createTenant(db, {
    instance: opts.instance,
    name: `Imported from ${new URL(source.base).host}`,
    edition: 'full',
  });
  const tenantId = tenant.id;
  const scoped = forTenant(db, tenantId, tenant.language);
  if (opts.again || opts.since) await clearCheckpoints(scoped);
  const columns = new Map<string, ColumnInfo[]>();
  const columnsOf = async (table: string) => {
    if (!columns.has(table)) columns.set(table, await tableColumns(db, dialect, table));
    return columns.get(table)!;
  };
  const inTransaction = <T>(fn: (trx: TenantDb) => Promise<T>) =>
    db.transaction().execute((trx) => fn(forTenant(trx, tenantId, tenant.language)));

  /** Every record of a list, all its pages (children of one parent: a handful). */
  const readAll = async (path: string): Promise<Item[] | undefined> => {
    const out: Item[] = [];
    for (let page = 1; ; page++) {
      const answer = await source.get(path, { limit: PAGE_SIZE, page });
      if (answer.status !== 200) return page === 1 ? undefined : out;
      const data = answer.body?.data;
      if (!Array.isArray(data)) return out;
      out.push(...data);
      if (!answer.body.meta || page >= Number(answer.body.meta.last_page ?? 1) || data.length === 0) return out;
    }
  };

  /** The rows of one page: its records', and their children's, by table; notes children the source does not serve. */
  const rowsOf = async (resource: Resource, items: Item[], missing: Set<string>) => {
    const writes: Write[] = [];
    const own = await columnsOf(resource.table);
    writes.push({
      table: resource.table,
      key: resource.key,
      rows: items.map((i) => toRow(own, i, {}, resource.columns)),
    });
    for (const child of resource.children ?? []) {
      const rows: Item[] = [];
      const childColumns = await columnsOf(child.table);
      for (const item of items) {
        const records = await childRecords(child, item, resource);
        if (records === undefined) {
          missing.add(child.name);
          continue;
        }
        for (const r of records)
          rows.push({
            ...toRow(childColumns, r, child.fixed(item), child.columns),
            [LOOKUP]: (child.links ?? []).map((l) => l.value(r, item)),
          });
      }
      writes.push({ table: child.table, key: child.key, rows, links: child.links });
    }
    return writes;
  };
  const details = new Map<string, Item | undefined>();
  const childRecords = async (child: Child, item: Item, resource: Resource): Promise<Item[] | undefined> => {
    if (!child.inDetail) return readAll(child.path(item));
    const path = resource.detail!(item);
    if (!details.has(path)) {
      const answer = await source.get(path);
      details.set(path, answer.status === 200 ? answer.body?.data : undefined);
    }
    const detail = details.get(path);
    return detail === undefined ? undefined : child.inDetail(detail);
  };

  const reports: ResourceReport[] = [];
  for (const resource of RESOURCES) {
    if (opts.only && !opts.only.includes(resource.name)) continue;
    reports.push(await importResource(resource));
    details.clear();
  }
  const seconds = (Date.now() - started) / 1000;
  return { tenant, created, resources: reports, requests: source.requests, throttled: source.throttled, seconds };

  async function importResource(resource: Resource): Promise<ResourceReport> {
    const report: ResourceReport = { name: resource.name, outcome: 'imported', records: 0, pages: 0 };
    let checkpoint: Checkpoint | undefined = await readCheckpoint(scoped, resource.name);
    if (checkpoint && checkpoint.source !== source.base) checkpoint = undefined;
    if (checkpoint?.done) return { ...report, outcome: 'already imported', records: checkpoint.records };
    const state: Checkpoint = checkpoint ?? {
      resource: resource.name,
      source: source.base,
      next_page: 1,
      done: false,
      records: 0,
    };
    const missing = new Set<string>();
    const query = { limit: PAGE_SIZE, modified_after: resource.since ? opts.since : undefined };
    const began = Date.now();
    const pagesBefore = state.next_page - 1;
    const buffered: Item[] = [];
    for (;;) {
      const answer = await source.get(resource.path, { ...query, page: state.next_page });
      if (answer.status !== 200) {
        if (state.next_page === 1) return { ...report, outcome: 'skipped', reason: NOT_AVAILABLE };
        break;
      }
      const data: Item[] = Array.isArray(answer.body?.data) ? answer.body.data : [];
      const lastPage = answer.body?.meta ? Number(answer.body.meta.last_page ?? 1) : state.next_page;
      const last = state.next_page >= lastPage || data.length === 0;
      report.pages++;
      if (resource.order) {
        // A tree is written whole, parents first, once every page is read.
        buffered.push(...data);
        if (!last) {
          state.next_page++;
          continue;
        }
      }
      const items = resource.order ? resource.order(buffered) : data;
      const writes = await rowsOf(resource, items, missing);
      await inTransaction(async (trx) => {
        if (resource.table === 'departments') await adoptStandardDepartment(trx, items);
        for (const w of writes) await upsertRows(trx, w.table, w.key, await linked(trx, w));
        await writeCheckpoint(trx, {
          ...state,
          next_page: state.next_page + 1,
          done: last,
          records: state.records + items.length,
        });
      });
      state.next_page++;
      state.records += items.length;
      report.records += items.length;
      const pagesDone = state.next_page - 1 - pagesBefore;
      const rate = report.records / Math.max(0.001, (Date.now() - began) / 1000);
      const left = ((Date.now() - began) / Math.max(1, pagesDone)) * Math.max(0, lastPage - (state.next_page - 1));
      progress(
        `[import] ${resource.name}: page ${state.next_page - 1}/${lastPage}, ${state.records} records, ` +
          `${rate.toFixed(0)} records/s, ${source.requests} requests, about ${Math.ceil(left / 1000)} s left`,
      );
      if (last) break;
    }
    report.records = state.records;
    if (missing.size > 0) report.reason = `without ${[...missing].join(', ')}: ${NOT_AVAILABLE}`;
    return report;
  }

  /**
   * The new tenant's standard department (tenancy/tenants.ts creates one) takes the source's standard department's
   * id, so the records that name it keep their department_id; nothing in a new tenant refers to it yet.
   */
  async function adoptStandardDepartment(trx: TenantDb, items: Item[]): Promise<void> {
    const standard = items.find((d) => d.is_standard === true);
    if (!standard) return;
    const u = untyped(trx);
    const local = await u.selectFrom('departments').select('id').where('is_standard', '=', true).executeTakeFirst();
    if (!local || Number(local.id) === Number(standard.id)) return;
    const taken = await u.selectFrom('departments').select('id').where('id', '=', standard.id).executeTakeFirst();
    if (!taken) await u.updateTable('departments').set({ id: standard.id }).where('id', '=', local.id).execute();
  }
}
