// Project writes: every reference in the body is checked inside the tenant (422 on its field), then the
// row, its categories and dynamic attributes are written in one transaction.
import type { TenantDb } from '../../db/tenant-scope.js';
import type { Tenant } from '../../tenancy/tenants.js';
import { ErrorBag, notFound } from '../../values/errors.js';
import { checkUnique, refuseWhileUsed } from '../crud/index.js';
import { existsInTenant } from '../../db/lookup.js';
import { resolveCategoryIds, setCategories } from '../categories/category-links.repository.js';
import {
  setDynamicAttributes,
  type ResolvedAttributes,
} from '../dynamic-attributes/dynamic-attribute-values.repository.js';
import { resolveDynamicAttributes } from '../dynamic-attributes/dynamic-attribute-values.service.js';
import { standardDepartmentId } from '../departments/departments.repository.js';
import { parseBillingType } from './project-enums.js';
import { defaultStatusName, ensureDefaultStatuses } from './project-statuses.repository.js';
import type { ProjectUpdateT } from './projects.schemas.js';
import {
  customerIdOf,
  customerPartExists,
  deleteProjectCascade,
  findProject,
  insertProject,
  tasksOutside,
  updateProject,
  type ProjectColumns,
  type ProjectRow,
} from './projects.repository.js';

interface Prepared {
  columns: ProjectColumns;
  categoryIds?: number[];
  attributes?: ResolvedAttributes;
}

async function prepare(
  db: TenantDb,
  tenant: Pick<Tenant, 'id' | 'modules'>,
  body: ProjectUpdateT,
  current?: ProjectRow,
): Promise<Prepared> {
  const errors = new ErrorBag();
  const { categories, dynamicAttributes, keywords, billing_type, end_customer_number, ...plain } = body;
  const columns: ProjectColumns = { ...plain };
  await checkUnique(db, errors, 'projects', 'name', body.name, { exceptId: current ? Number(current.id) : undefined });
  if (
    body.customer_id !== undefined &&
    body.customer_id !== null &&
    !(await existsInTenant(db, 'customers', 'customer_number', body.customer_id))
  ) {
    errors.add('customer_id', 'The selected customer id is invalid.');
  }
  if (
    body.department_id !== undefined &&
    body.department_id !== null &&
    !(await existsInTenant(db, 'departments', 'id', body.department_id))
  ) {
    errors.add('department_id', 'The selected department id is invalid.');
  }
  await checkCustomerParts(db, errors, body, current);
  if (body.project_status_id !== undefined) {
    await ensureDefaultStatuses(db);
    if (!(await existsInTenant(db, 'project_statuses', 'name', body.project_status_id)))
      errors.add('project_status_id', 'The selected project status id is invalid.');
  }
  if (billing_type !== undefined) {
    const id = billing_type === null ? null : parseBillingType(billing_type);
    if (id === undefined)
      errors.add(
        'billing_type',
        'The selected billing type is invalid (1 Stundensatz, 2 Tagessatz, 3 Pausch, or hourly, daily, flat).',
      );
    else columns.billing_type = id;
  }
  if (keywords !== undefined)
    columns.keywords = JSON.stringify(
      (keywords ?? []).map((k) => (typeof k === 'string' ? { name: k } : { name: k.name })),
    );
  if (end_customer_number !== undefined && tenant.modules.has('end_customer')) {
    // The end customer is a customer of the tenant, named by its number (as customer_id is): never another tenant's.
    if (
      end_customer_number !== null &&
      !(await existsInTenant(db, 'customers', 'customer_number', end_customer_number))
    ) {
      errors.add('end_customer_number', 'The selected end customer number is invalid.');
    }
    columns.end_customer_number = end_customer_number;
  }
  const start = body.start_date !== undefined ? body.start_date : (current?.start_date ?? null);
  const end = body.end_date !== undefined ? body.end_date : (current?.end_date ?? null);
  if (start && end && end < start) errors.add('end_date', 'The end date must be a date after or equal to start date.');
  else if (
    current &&
    (body.start_date !== undefined || body.end_date !== undefined) &&
    (await tasksOutside(db, Number(current.id), start, end))
  ) {
    errors.add(
      body.start_date !== undefined ? 'start_date' : 'end_date',
      'Tasks of the project lie outside this runtime.',
    );
  }
  const categoryIds =
    categories === undefined ? undefined : await errors.collect(() => resolveCategoryIds(db, categories ?? []));
  const attributes =
    dynamicAttributes === undefined
      ? undefined
      : await errors.collect(() => resolveDynamicAttributes(db, 'project', dynamicAttributes ?? []));
  errors.throwIfAny();
  return { columns, categoryIds, attributes };
}

/** Contact and address fields name a contact or address (by id, as a string) of the project's customer. */
const CUSTOMER_PARTS = [
  ['customer_contact_id', 'customer_contacts', 'contact'],
  ['customer_billing_address_id', 'customer_addresses', 'address'],
  ['customer_shipping_address_id', 'customer_addresses', 'address'],
] as const;

/**
 * Each submitted contact/address field (and, when the customer changes, each stored one) must name a record of the
 * project's customer in the tenant: 422 on the field otherwise.
 */
async function checkCustomerParts(
  db: TenantDb,
  errors: ErrorBag,
  body: ProjectUpdateT,
  current?: ProjectRow,
): Promise<void> {
  const customerChanged =
    current !== undefined && body.customer_id !== undefined && body.customer_id !== current.customer_id;
  const customer = body.customer_id !== undefined ? body.customer_id : (current?.customer_id ?? null);
  let customerId: number | undefined | null = null;
  for (const [field, table, what] of CUSTOMER_PARTS) {
    const kept = customerChanged ? current[field] : undefined;
    const value = body[field] !== undefined ? body[field] : kept;
    if (value === undefined || value === null) continue;
    if (customer === null) {
      errors.add(field, `The ${field.replace(/_/g, ' ')} needs a customer: set customer_id first.`);
      continue;
    }
    if (customerId === null) customerId = await customerIdOf(db, customer);
    const id = /^[0-9]{1,15}$/.test(String(value)) ? Number(value) : undefined;
    const found =
      id !== undefined && customerId !== undefined && (await customerPartExists(db, table, id, Number(customerId)));
    if (!found)
      errors.add(
        field,
        `The selected ${field.replace(/_/g, ' ')} is invalid: it must be the id of ${/^[aeiou]/.test(what) ? 'an' : 'a'} ${what} of customer ${customer}.`,
      );
  }
}

async function writeRelations(trx: TenantDb, id: number, p: Prepared) {
  if (p.categoryIds) await setCategories(trx, 'project', id, p.categoryIds);
  if (p.attributes) await setDynamicAttributes(trx, 'project', id, p.attributes);
}

export async function createProject(
  db: TenantDb,
  tenant: Pick<Tenant, 'id' | 'modules'>,
  body: ProjectUpdateT & { name: string },
): Promise<number> {
  const p = await prepare(db, tenant, body);
  const status = body.project_status_id ?? (await defaultStatusName(db))!;
  const department = p.columns.department_id ?? (await standardDepartmentId(db));
  return db.transaction(async (trx) => {
    const id = await insertProject(trx, {
      billing_type: 1,
      plan_can_exceed: 0,
      ...p.columns,
      name: body.name,
      project_status_id: status,
      department_id: department,
    });
    await writeRelations(trx, id, p);
    return id;
  });
}

export async function changeProject(
  db: TenantDb,
  tenant: Pick<Tenant, 'id' | 'modules'>,
  current: ProjectRow,
  body: ProjectUpdateT,
): Promise<void> {
  const p = await prepare(db, tenant, body, current);
  await db.transaction(async (trx) => {
    await updateProject(trx, Number(current.id), p.columns);
    await writeRelations(trx, Number(current.id), p);
  });
}

/** The project of a nested route (/projects/{id}/...), or 404. */
export async function requireProject(db: TenantDb, id: number): Promise<ProjectRow> {
  const row = await findProject(db, id);
  if (!row) throw notFound('Project');
  return row;
}

/** Refused (422 on id) while tickets, bookings or receipts refer to the project; otherwise deleted with everything it owns. */
export async function removeProject(db: TenantDb, project: ProjectRow): Promise<void> {
  await refuseWhileUsed(db, 'projects', project, (what) => `The project still has ${what}.`);
  await deleteProjectCascade(db, Number(project.id));
}
