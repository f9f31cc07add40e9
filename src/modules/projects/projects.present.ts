// Row -> Project for a whole page at once: statuses, counts, categories, dynamic attributes and (when
// appended) price tables are batch-loaded, so a page costs a fixed number of queries.
import { labelled } from '../../values/labels.js';
import type { TenantDb } from '../../db/tenant-scope.js';
import type { Tenant } from '../../tenancy/tenants.js';
import { fromJson, outDate, outTimestamp, toBool } from '../../values/formats.js';
import { omitGatedFields } from '../../tenancy/gating.js';
import { countCategories, loadCategories } from '../categories/category-links.repository.js';
import {
  countDynamicAttributes,
  loadDynamicAttributes,
} from '../dynamic-attributes/dynamic-attribute-values.repository.js';
import { fallbackTableRows, hydratePriceTables } from '../price-tables/price-tables.repository.js';
import type { PriceTableT } from '../price-tables/price-tables.schemas.js';
import { statusesByName, toProjectStatus } from './project-statuses.repository.js';
import { PROJECT_NUMBER_FIELDS, PROJECT_TEXT_FIELDS, type ProjectT } from './projects.schemas.js';
import { countPerProject, type ProjectRow } from './projects.repository.js';

type TenantRef = Pick<Tenant, 'id' | 'modules'>;

/** Does `?append=` / `?include=` ask for the price tables? */
export function wantsPriceTables(query: { append?: string; include?: string }): boolean {
  return [query.append, query.include].some((v) =>
    (v ?? '').split(',').some((s) => s.trim().toLowerCase() === 'pricetables'),
  );
}

const num = (v: number | null) => (v === null ? null : Number(v));

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
  return rows.map((r) => {
    const id = Number(r.id);
    const status = statuses.get(r.project_status_id);
    const project: ProjectT = {
      id,
      name: r.name,
      start_date: outDate(r.start_date),
      end_date: outDate(r.end_date),
      project_status_id: r.project_status_id,
      status: status
        ? toProjectStatus(status, false)
        : {
            id: 0,
            name: r.project_status_id,
            description: null,
            bookable: false,
            order: 0,
            color: null,
            abrechnungsrelevant: '0',
          },
      ...(Object.fromEntries(
        Object.keys(PROJECT_TEXT_FIELDS).map((k) => [k, r[k as keyof ProjectRow] ?? null]),
      ) as Record<keyof typeof PROJECT_TEXT_FIELDS, string | null>),
      customer_id: r.customer_id,
      has_multiple_customers: toBool(r.has_multiple_customers),
      department_id: num(r.department_id),
      billing_type: labelled(db.language, 'billing_type', r.billing_type === null ? null : Number(r.billing_type)),
      ...(Object.fromEntries(PROJECT_NUMBER_FIELDS.map((k) => [k, num(r[k])])) as Record<
        (typeof PROJECT_NUMBER_FIELDS)[number],
        number | null
      >),
      plan_can_exceed: labelled(
        db.language,
        'plan_can_exceed',
        r.plan_can_exceed === null ? null : Number(r.plan_can_exceed),
      ),
      default_billability: labelled(db.language, 'default_billability', Number(r.default_billability))!,
      receipts_billability: labelled(
        db.language,
        'receipts_billability',
        r.receipts_billability === null ? null : Number(r.receipts_billability),
      ),
      keywords: fromJson<{ name: string }[]>(r.keywords, []),
      categories: categories.get(id) ?? [],
      dynamicAttributes: attributes.get(id) ?? [],
      categories_count: categoryCounts.get(id) ?? 0,
      dynamicAttributes_count: attributeCounts.get(id) ?? 0,
      tasks_count: tasks.get(id) ?? 0,
      employees_count: employees.get(id) ?? 0,
      activities_count: activities.get(id) ?? 0,
      created: outTimestamp(r.created),
      modified: outTimestamp(r.modified),
      end_customer_number: r.end_customer_number,
    };
    if (priceTables) project.priceTables = priceTables.get(id) ?? [];
    return omitGatedFields(project, tenant, { end_customer_number: 'end_customer' });
  });
}
