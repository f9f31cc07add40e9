// Project writes: every reference in the body is checked inside the tenant (422 on its field), then the
// row, its categories and dynamic attributes are written in one transaction.
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.js';
import type { Tenant } from '../../tenancy/tenants.js';
import { ApiError, ErrorBag, notFound } from '../../http/errors.js';
import { existsInTenant } from '../../db/lookup.js';
import { resolveCategoryIds, setCategories } from '../categories/category-links.js';
import { resolveDynamicAttributes, setDynamicAttributes, type ResolvedAttributes } from '../dynamic-attributes/dynamic-attribute-values.js';
import { standardDepartmentId } from '../departments/departments.repository.js';
import { parseBillingType } from './project-enums.js';
import { defaultStatusName, ensureDefaultStatuses } from './project-statuses.repository.js';
import type { ProjectUpdateT } from './projects.schemas.js';
import { findProject, insertProject, tasksOutside, updateProject, type ProjectColumns, type ProjectRow } from './projects.repository.js';

/** Run a check that throws a 422 and add its field errors to the bag instead (all errors reported at once). */
export async function collect<T>(errors: ErrorBag, check: () => Promise<T>): Promise<T | undefined> {
  try {
    return await check();
  } catch (e) {
    if (!(e instanceof ApiError) || !e.errors) throw e;
    for (const [field, messages] of Object.entries(e.errors)) for (const m of messages) errors.add(field, m);
    return undefined;
  }
}

interface Prepared {
  columns: ProjectColumns;
  categoryIds?: number[];
  attributes?: ResolvedAttributes;
}

async function prepare(db: Kysely<DB>, tenant: Pick<Tenant, 'id' | 'modules'>, body: ProjectUpdateT, current?: ProjectRow): Promise<Prepared> {
  const errors = new ErrorBag();
  const { categories, dynamicAttributes, keywords, billing_type, end_customer_number, ...plain } = body;
  const columns: ProjectColumns = { ...plain };
  if (body.name !== undefined && (await existsInTenant(db, 'projects', tenant.id, 'name', body.name, current ? Number(current.id) : undefined))) {
    errors.add('name', 'The name has already been taken.');
  }
  if (body.customer_id !== undefined && body.customer_id !== null && !(await existsInTenant(db, 'customers', tenant.id, 'customer_number', body.customer_id))) {
    errors.add('customer_id', 'The selected customer id is invalid.');
  }
  if (body.department_id !== undefined && body.department_id !== null && !(await existsInTenant(db, 'departments', tenant.id, 'id', body.department_id))) {
    errors.add('department_id', 'The selected department id is invalid.');
  }
  if (body.project_status_id !== undefined) {
    await ensureDefaultStatuses(db, tenant.id);
    if (!(await existsInTenant(db, 'project_statuses', tenant.id, 'name', body.project_status_id))) errors.add('project_status_id', 'The selected project status id is invalid.');
  }
  if (billing_type !== undefined) {
    const id = billing_type === null ? null : parseBillingType(billing_type);
    if (id === undefined) errors.add('billing_type', 'The selected billing type is invalid (1 Stundensatz, 2 Tagessatz, 3 Pausch, or hourly, daily, flat).');
    else columns.billing_type = id;
  }
  if (keywords !== undefined) columns.keywords = JSON.stringify((keywords ?? []).map((k) => (typeof k === 'string' ? { name: k } : { name: k.name })));
  if (end_customer_number !== undefined && tenant.modules.has('end_customer')) columns.end_customer_number = end_customer_number;
  const start = body.start_date !== undefined ? body.start_date : (current?.start_date ?? null);
  const end = body.end_date !== undefined ? body.end_date : (current?.end_date ?? null);
  if (start && end && end < start) errors.add('end_date', 'The end date must be a date after or equal to start date.');
  else if (current && (body.start_date !== undefined || body.end_date !== undefined) && (await tasksOutside(db, tenant.id, Number(current.id), start, end))) {
    errors.add(body.start_date !== undefined ? 'start_date' : 'end_date', 'Tasks of the project lie outside this runtime.');
  }
  const categoryIds = categories === undefined ? undefined : await collect(errors, () => resolveCategoryIds(db, tenant.id, categories ?? []));
  const attributes = dynamicAttributes === undefined ? undefined : await collect(errors, () => resolveDynamicAttributes(db, tenant.id, 'project', dynamicAttributes ?? []));
  errors.throwIfAny();
  return { columns, categoryIds, attributes };
}

async function writeRelations(trx: Kysely<DB>, tenantId: number, id: number, p: Prepared) {
  if (p.categoryIds) await setCategories(trx, tenantId, 'project', id, p.categoryIds);
  if (p.attributes) await setDynamicAttributes(trx, tenantId, 'project', id, p.attributes);
}

export async function createProject(db: Kysely<DB>, tenant: Pick<Tenant, 'id' | 'modules'>, body: ProjectUpdateT & { name: string }): Promise<number> {
  const p = await prepare(db, tenant, body);
  const status = body.project_status_id ?? (await defaultStatusName(db, tenant.id))!;
  const department = p.columns.department_id ?? (await standardDepartmentId(db, tenant.id));
  return db.transaction().execute(async (trx) => {
    const id = await insertProject(trx, tenant.id, {
      billing_type: 1,
      plan_can_exceed: 0,
      ...p.columns,
      name: body.name,
      project_status_id: status,
      department_id: department,
    });
    await writeRelations(trx, tenant.id, id, p);
    return id;
  });
}

export async function changeProject(db: Kysely<DB>, tenant: Pick<Tenant, 'id' | 'modules'>, current: ProjectRow, body: ProjectUpdateT): Promise<void> {
  const p = await prepare(db, tenant, body, current);
  await db.transaction().execute(async (trx) => {
    await updateProject(trx, tenant.id, Number(current.id), p.columns);
    await writeRelations(trx, tenant.id, Number(current.id), p);
  });
}

/** The project of a nested route (/projects/{id}/...), or 404. */
export async function requireProject(db: Kysely<DB>, tenantId: number, id: number): Promise<ProjectRow> {
  const row = await findProject(db, tenantId, id);
  if (!row) throw notFound('Project');
  return row;
}
