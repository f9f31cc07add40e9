// Create and update of employees: request -> columns, the 422 checks (unique username/email/personal number,
// existing department and price group, fixed username), password hashing, categories and dynamic attributes
// written in one transaction with the row.
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.js';
import { ErrorBag } from '../../http/errors.js';
import { nowTimestamp } from '../../http/formats.js';
import { existsInTenant } from '../../db/lookup.js';
import { resolveCategoryIds, setCategories } from '../categories/category-links.js';
import { resolveDynamicAttributes, setDynamicAttributes } from '../dynamic-attributes/dynamic-attribute-values.js';
import { standardDepartmentId } from '../departments/departments.repository.js';
import { dateValues, enumId, pick } from '../crud/index.js';
import type { Scope } from '../crud/index.js';
import { findEmployeeRow, type EmployeeRow } from './employee-ref.js';
import { LANGUAGE_ERROR, languageCode } from './languages.js';
import { hashPassword } from './password.js';
import { SALUTATIONS, TEXT_FIELDS, type EmployeeUpdateT } from './employees.schemas.js';

type Body = EmployeeUpdateT & { username?: string };

function salutationText(v: Body['salutation'], errors: ErrorBag): string | null | undefined {
  if (v === undefined || v === null) return v;
  const id = typeof v === 'object' ? v.id : v;
  if (typeof id === 'number') {
    if (!SALUTATIONS[id]) errors.add('salutation', 'The selected salutation is invalid.');
    return SALUTATIONS[id];
  }
  return String(id);
}

const UNIQUE = [
  ['username', 'username'],
  ['email', 'email'],
  ['personal_number', 'personal number'],
] as const;

/** Columns for the submitted fields, after every check; throws 422 with all field errors at once. */
async function columns(s: Scope, body: Body, current?: EmployeeRow): Promise<Record<string, unknown>> {
  const { db, tenantId } = s;
  dateValues(body, ['birthdate', 'birth_date', 'approval_date']);
  const errors = new ErrorBag();
  if (current && body.username !== undefined && body.username !== current.username) errors.add('username', 'The username cannot be changed.');
  for (const [field, words] of UNIQUE) {
    const value = current && field === 'username' ? undefined : body[field];
    if (value !== undefined && value !== null && (await existsInTenant(db, 'employees', tenantId, field, value, current ? Number(current.id) : undefined))) {
      errors.add(field, `The ${words} has already been taken.`);
    }
  }
  if (body.department_id != null && !(await existsInTenant(db, 'departments', tenantId, 'id', body.department_id))) errors.add('department_id', 'The selected department id is invalid.');
  if (body.price_group != null && !(await existsInTenant(db, 'price_groups', tenantId, 'name', body.price_group))) errors.add('price_group', 'The selected price group is invalid.');
  const language = languageCode(body.language);
  if (language === false) errors.add('language', LANGUAGE_ERROR);
  const salutation = salutationText(body.salutation, errors);
  errors.throwIfAny();

  const out: Record<string, unknown> = pick(body, [...TEXT_FIELDS, 'firstname', 'lastname', 'approval_date', 'price_group']);
  const birthdate = body.birthdate !== undefined ? body.birthdate : body.birth_date;
  if (birthdate !== undefined) out.birthdate = birthdate;
  const oauth = body.oauth_username !== undefined ? body.oauth_username : body.oauthUsername;
  if (oauth !== undefined) out.oauth_username = oauth;
  if (salutation !== undefined) out.salutation = salutation;
  if (language !== undefined) out.language = language;
  if (body.rights !== undefined) out.rights = enumId(body.rights);
  if (body.employment !== undefined) out.employment = enumId(body.employment);
  if (body.department_id !== undefined) out.department_id = body.department_id ?? (await standardDepartmentId(db, tenantId));
  if (body.password !== undefined) out.password_hash = await hashPassword(body.password);
  return out;
}

/** Insert (no current row) or update an employee with its categories and dynamic attributes. */
export async function writeEmployee(s: Scope, body: Body, current?: EmployeeRow): Promise<EmployeeRow> {
  const values = await columns(s, body, current);
  const categoryIds = body.categories != null ? await resolveCategoryIds(s.db, s.tenantId, body.categories.map((c) => (typeof c === 'string' ? c : c.name))) : body.categories;
  const attributes = body.dynamicAttributes != null ? await resolveDynamicAttributes(s.db, s.tenantId, 'employee', body.dynamicAttributes) : undefined;
  const now = nowTimestamp();
  return s.db.transaction().execute(async (trx: Kysely<DB>) => {
    let id: number;
    if (current) {
      id = Number(current.id);
      await trx.updateTable('employees').set({ ...values, modified: now }).where('tenant_id', '=', s.tenantId).where('id', '=', id).execute();
    } else {
      const row = await trx
        .insertInto('employees')
        .values({
          employment: 0,
          rights: 0,
          department_id: await standardDepartmentId(trx, s.tenantId),
          ...values,
          tenant_id: s.tenantId,
          username: body.username!,
          firstname: body.firstname!,
          lastname: body.lastname!,
          created: now,
          modified: now,
        } as any)
        .returning('id')
        .executeTakeFirstOrThrow();
      id = Number(row.id);
    }
    if (categoryIds !== undefined) await setCategories(trx, s.tenantId, 'employee', id, categoryIds ?? []);
    if (attributes) await setDynamicAttributes(trx, s.tenantId, 'employee', id, attributes);
    return (await findEmployeeRow(trx, s.tenantId, current?.username ?? body.username!))!;
  });
}
