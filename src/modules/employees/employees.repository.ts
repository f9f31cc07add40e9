// SQL for employees; every query is scoped by tenant. Rows map to the live read shape (docs/api/people.md).
import { sql } from 'kysely';
import type { TenantDb } from '../../db/tenant-scope.js';
import { employeeLockKey } from './employees.locks.js';
import type { Dialect } from '../../db/dialect.js';
import type { Tenant } from '../../tenancy/tenants.js';
import type { ListSpec } from '../../db/list-spec.js';
import { nowTimestamp, outDate } from '../../values/formats.js';
import { loadCategories } from '../categories/category-links.repository.js';
import { loadDynamicAttributes } from '../dynamic-attributes/dynamic-attribute-values.repository.js';
import { languageObject } from './languages.js';
import { EmployeeBase, type EmployeeBaseT, type EmployeeT } from './employees.schemas.js';
import { rowMapper } from '../../db/row-mapping.js';

export async function findEmployeeRow(db: TenantDb, username: string) {
  return db.selectFrom('employees').selectAll().where('username', '=', username).executeTakeFirst();
}

export type EmployeeRow = NonNullable<Awaited<ReturnType<typeof findEmployeeRow>>>;

/**
 * Serialise writes that change what an employee's bookings, absences and receipts are checked against (employment
 * periods, working times, the approval date) with those writes and with each other (overlapping periods, duplicate
 * start dates): on PostgreSQL the employee's lock, the one every booking, absence and receipt write of the employee
 * takes first (employees.locks.ts); SQLite already serialises write transactions.
 */
export async function lockEmployee(trx: TenantDb, dialect: Dialect, username: string): Promise<void> {
  if (dialect !== 'postgres') return;
  await sql`SELECT pg_advisory_xact_lock(hashtext(${employeeLockKey(trx.tenantId, username)}))`.execute(trx.kysely);
}

export async function insertEmployee(db: TenantDb, values: Record<string, unknown>): Promise<number> {
  const now = nowTimestamp();
  const row = await db
    .insertInto('employees', { ...values, created: now, modified: now } as any)
    .returning('id')
    .executeTakeFirstOrThrow();
  return Number(row.id);
}

export async function updateEmployee(db: TenantDb, id: number, values: Record<string, unknown>): Promise<void> {
  await db
    .updateTable('employees')
    .set({ ...values, modified: nowTimestamp() })
    .where('id', '=', id)
    .execute();
}

export const employeeListSpec: ListSpec = {
  key: ['username'],
  sortColumns: { birth_date: 'birthdate', oauthUsername: 'oauth_username' },
  unsortable: { password: 'write-only: never stored in a sortable form nor returned' },
  sortable: {
    username: 'username',
    firstname: 'firstname',
    lastname: 'lastname',
    department_id: 'department_id',
  },
};

export function listEmployees(db: TenantDb, filters: { personal_numbers?: string[]; department_id?: number }) {
  let q = db.selectFrom('employees').selectAll();
  if (filters.personal_numbers !== undefined)
    q = q.where('personal_number', 'in', filters.personal_numbers.length ? filters.personal_numbers : ['\u0000']);
  if (filters.department_id !== undefined) q = q.where('department_id', '=', filters.department_id);
  return q;
}

/** The number of the employee's absences (the detail's absences_count). */
export async function absencesCount(db: TenantDb, username: string): Promise<number> {
  const row = await db
    .selectFrom('absences')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('employee_id', '=', username)
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

export const toEmployeeBase: (row: EmployeeRow, tenant: Pick<Tenant, 'language'>) => EmployeeBaseT = rowMapper(
  EmployeeBase,
  {
    convert: {
      salutation: (v) => (v === null ? null : { id: v, name: v }),
      birthdate: outDate,
      approval_date: outDate,
      language: languageObject,
    },
    labels: { employment: 'employment', rights: 'rights' },
  },
);

/** Full employees for a page: categories and dynamic attributes are loaded once for all rows. */
export async function toEmployees(db: TenantDb, tenant: Tenant, rows: EmployeeRow[]): Promise<EmployeeT[]> {
  const ids = rows.map((r) => Number(r.id));
  const [categories, attributes] = await Promise.all([
    loadCategories(db, 'employee', ids),
    loadDynamicAttributes(db, 'employee', ids),
  ]);
  return rows.map((r) => ({
    ...toEmployeeBase(r, tenant),
    categories: categories.get(Number(r.id)) ?? [],
    dynamicAttributes: attributes.get(Number(r.id)) ?? [],
  }));
}
