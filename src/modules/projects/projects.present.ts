// Row -> Project for a whole page at once: statuses, counts, categories, dynamic attributes and (when
// appended) price tables are batch-loaded, so a page costs a fixed number of queries.
import type { TenantDb } from '../../db/tenant-scope.js';
import type { Tenant } from '../../tenancy/tenants.js';
import { fromJson, outDate } from '../../values/formats.js';
import { countCategories, loadCategories } from '../categories/category-links.repository.js';
import {
  countDynamicAttributes,
  loadDynamicAttributes,
} from '../dynamic-attributes/dynamic-attribute-values.repository.js';
import { fallbackTableRows, hydratePriceTables } from '../price-tables/price-tables.repository.js';
import type { PriceTableT } from '../price-tables/price-tables.schemas.js';
import { statusesByName, toProjectStatus, type ProjectStatusRow } from './project-statuses.repository.js';
import { Project, type ProjectT } from './projects.schemas.js';
import { rowMapper, type MapContext } from '../../db/row-mapping.js';
import type { CategoryT } from '../categories/categories.schemas.js';
import type { DynamicAttributeValueT } from '../dynamic-attributes/dynamic-attributes.schemas.js';
import type { ProjectStatusT } from './project-statuses.schemas.js';
import { countPerProject, type ProjectRow } from './projects.repository.js';

type TenantRef = Pick<Tenant, 'id' | 'modules'>;

/** Does `?append=` / `?include=` ask for the price tables? */
export function wantsPriceTables(query: { append?: string; include?: string }): boolean {
  return [query.append, query.include].some((v) =>
    (v ?? '').split(',').some((s) => s.trim().toLowerCase() === 'pricetables'),
  );
}

/**
 * The effective price tables of each project: its own; without own tables the customer's; without those the
 * tenant's base tables (contract: GET /projects/{id}/price-tables?fallback=true).
 */
export async function effectivePriceTables(
  db: TenantDb,
  tenant: TenantRef,
  projects: Pick<ProjectRow, 'id' | 'customer_id'>[],
): Promise<Map<number, PriceTableT[]>> {
  const out = new Map<number, PriceTableT[]>();
  if (projects.length === 0) return out;
  const ids = projects.map((p) => Number(p.id));
  const customers = [...new Set(projects.map((p) => p.customer_id).filter((c): c is string => c !== null))];
  const [own, ofCustomers, baseRows] = await fallbackTableRows(db, ids, customers);
  const tables = await hydratePriceTables(db, tenant, [...own, ...ofCustomers, ...baseRows]);
  const byId = new Map(tables.map((t) => [t.id, t]));
  const pick = (rows: typeof own) => rows.map((r) => byId.get(Number(r.id))!);
  for (const p of projects) {
    const mine = own.filter((r) => Number(r.project_id) === Number(p.id));
    const customer = p.customer_id === null ? [] : ofCustomers.filter((r) => r.customer_number === p.customer_id);
    out.set(Number(p.id), pick([mine, customer].find((rows) => rows.length) ?? baseRows));
  }
  return out;
}

/** What a project's row needs beyond itself: the page's batch-loaded statuses, lists and counts. */
interface ProjectContext extends MapContext {
  readonly statuses: ReadonlyMap<string, ProjectStatusRow>;
  readonly categories: ReadonlyMap<number, CategoryT[]>;
  readonly categoryCounts: ReadonlyMap<number, number>;
  readonly attributes: ReadonlyMap<number, DynamicAttributeValueT[]>;
  readonly attributeCounts: ReadonlyMap<number, number>;
  readonly tasks: ReadonlyMap<number, number>;
  readonly employees: ReadonlyMap<number, number>;
  readonly activities: ReadonlyMap<number, number>;
  /** Only with ?append=priceTables: the field is absent otherwise. */
  readonly priceTables?: ReadonlyMap<number, PriceTableT[]>;
}

/** A project whose status no longer exists shows the status's name with neutral settings. */
const unknownStatus = (name: string): ProjectStatusT => ({
  id: 0,
  name,
  description: null,
  bookable: false,
  order: 0,
  color: null,
  abrechnungsrelevant: '0',
});

const perProject =
  <T>(part: (ctx: ProjectContext) => ReadonlyMap<number, T>, none: T) =>
  (_v: unknown, r: { id: unknown }, ctx: ProjectContext) =>
    part(ctx).get(Number(r.id)) ?? none;

const toProject = rowMapper<typeof Project, ProjectContext>(Project, {
  columns: { status: 'project_status_id' },
  convert: {
    start_date: outDate,
    end_date: outDate,
    status: (name, _r, ctx) => {
      const status = ctx.statuses.get(name);
      return status ? toProjectStatus(status, false) : unknownStatus(name);
    },
    keywords: (v) => fromJson<{ name: string }[]>(v, []),
    categories: perProject((c) => c.categories, []),
    dynamicAttributes: perProject((c) => c.attributes, []),
    categories_count: perProject((c) => c.categoryCounts, 0),
    dynamicAttributes_count: perProject((c) => c.attributeCounts, 0),
    tasks_count: perProject((c) => c.tasks, 0),
    employees_count: perProject((c) => c.employees, 0),
    activities_count: perProject((c) => c.activities, 0),
    priceTables: (_v, r, ctx) => (ctx.priceTables ? (ctx.priceTables.get(Number(r.id)) ?? []) : undefined),
  },
  labels: {
    billing_type: 'billing_type',
    plan_can_exceed: 'plan_can_exceed',
    default_billability: 'default_billability',
    receipts_billability: 'receipts_billability',
  },
  gates: { end_customer_number: 'end_customer' },
});

export async function toProjects(
  db: TenantDb,
  tenant: TenantRef,
  rows: ProjectRow[],
  opts: { priceTables?: boolean } = {},
): Promise<ProjectT[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((r) => Number(r.id));
  const [statuses, categories, categoryCounts, attributes, attributeCounts, tasks, employees, activities, priceTables] =
    await Promise.all([
      statusesByName(
        db,
        rows.map((r) => r.project_status_id),
      ),
      loadCategories(db, 'project', ids),
      countCategories(db, 'project', ids),
      loadDynamicAttributes(db, 'project', ids),
      countDynamicAttributes(db, 'project', ids),
      countPerProject(db, 'project_tasks', ids),
      countPerProject(db, 'project_assignments', ids, 'employee_id'),
      countPerProject(db, 'project_activities', ids),
      opts.priceTables ? effectivePriceTables(db, tenant, rows) : undefined,
    ]);
  const context: ProjectContext = {
    language: db.language,
    modules: tenant.modules,
    statuses,
    categories,
    categoryCounts,
    attributes,
    attributeCounts,
    tasks,
    employees,
    activities,
    priceTables,
  };
  return rows.map((r) => toProject(r, context));
}
