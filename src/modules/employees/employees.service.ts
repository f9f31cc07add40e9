// Employees beyond plain SQL: create and update — request -> columns, the 422 checks (unique username/email/personal number,
// existing department and price group, fixed username), password hashing, categories and dynamic attributes
// written in one transaction with the row.
import { ErrorBag, notFound } from '../../values/errors.js';
import { existsInTenant } from '../../db/lookup.js';
import { resolveCategoryIds, setCategories } from '../categories/category-links.repository.js';
import { setDynamicAttributes } from '../dynamic-attributes/dynamic-attribute-values.repository.js';
import { resolveDynamicAttributes } from '../dynamic-attributes/dynamic-attribute-values.service.js';
import { standardDepartmentId } from '../departments/departments.repository.js';
import { checkUnique, dateValues, enumId, pick } from '../crud/index.js';
import { type Scope } from '../../tenancy/scope.js';
import { arrayParam } from '../../http/list/index.js';
import {
  absencesCount,
  findEmployeeRow,
  insertEmployee,
  listEmployees,
  lockEmployee,
  toEmployees,
  updateEmployee,
  type EmployeeRow,
} from './employees.repository.js';
import { LANGUAGE_ERROR, languageCode } from './languages.js';
import { hashPassword } from './password.js';
import { endSessionsOf } from '../../tenancy/sessions.js';
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
  const { db } = s;
  dateValues(body, ['birthdate', 'birth_date', 'approval_date']);
  const errors = new ErrorBag();
  if (current && body.username !== undefined && body.username !== current.username)
    errors.add('username', 'The username cannot be changed.');
  for (const [field, words] of UNIQUE) {
    const value = current && field === 'username' ? undefined : body[field];
    await checkUnique(db, errors, 'employees', field, value, {
      exceptId: current ? Number(current.id) : undefined,
      words,
    });
  }
  if (body.department_id != null && !(await existsInTenant(db, 'departments', 'id', body.department_id)))
    errors.add('department_id', 'The selected department id is invalid.');
  if (body.price_group != null && !(await existsInTenant(db, 'price_groups', 'name', body.price_group)))
    errors.add('price_group', 'The selected price group is invalid.');
  const language = languageCode(body.language);
  if (language === false) errors.add('language', LANGUAGE_ERROR);
  const salutation = salutationText(body.salutation, errors);
  errors.throwIfAny();

  const out: Record<string, unknown> = pick(body, [
    ...TEXT_FIELDS,
    'firstname',
    'lastname',
    'approval_date',
    'price_group',
  ]);
  const birthdate = body.birthdate !== undefined ? body.birthdate : body.birth_date;
  if (birthdate !== undefined) out.birthdate = birthdate;
  const oauth = body.oauth_username !== undefined ? body.oauth_username : body.oauthUsername;
  if (oauth !== undefined) out.oauth_username = oauth;
  if (salutation !== undefined) out.salutation = salutation;
  if (language !== undefined) out.language = language;
  if (body.rights !== undefined) out.rights = enumId(body.rights);
  if (body.employment !== undefined) out.employment = enumId(body.employment);
  if (body.department_id !== undefined) out.department_id = body.department_id ?? (await standardDepartmentId(db));
  if (body.password !== undefined) out.password_hash = await hashPassword(body.password);
  return out;
}

/** The parent loader of employee sub-resources (/employees/{username}/...): unknown or another tenant's is 404. */
export async function requireEmployee(s: Scope, params: Record<string, unknown>): Promise<EmployeeRow> {
  const row = await findEmployeeRow(s.db, String(params.username));
  if (!row) throw notFound('Employee');
  return row;
}

/** Insert (no current row) or update an employee with its categories and dynamic attributes. */
export async function writeEmployee(s: Scope, body: Body, current?: EmployeeRow): Promise<EmployeeRow> {
  const values = await columns(s, body, current);
  const categoryIds =
    body.categories != null
      ? await resolveCategoryIds(
          s.db,
          body.categories.map((c) => (typeof c === 'string' ? c : c.name)),
        )
      : body.categories;
  const attributes =
    body.dynamicAttributes != null
      ? await resolveDynamicAttributes(s.db, 'employee', body.dynamicAttributes)
      : undefined;
  return s.db.transaction(async (trx) => {
    let id: number;
    if (current) {
      id = Number(current.id);
      await lockEmployee(trx, s.dialect, current.username);
      await updateEmployee(trx, id, values);
      // A password set by someone else (an administrator's reset) signs the person out everywhere.
      if (values.password_hash !== undefined) await endSessionsOf(trx, current.username);
    } else {
      id = await insertEmployee(trx, {
        employment: 0,
        rights: 0,
        department_id: await standardDepartmentId(trx),
        ...values,
        username: body.username!,
        firstname: body.firstname!,
        lastname: body.lastname!,
      });
    }
    if (categoryIds !== undefined) await setCategories(trx, 'employee', id, categoryIds ?? []);
    if (attributes) await setDynamicAttributes(trx, 'employee', id, attributes);
    return (await findEmployeeRow(trx, current?.username ?? body.username!))!;
  });
}

/** The employees as the CRUD kit (modules/crud) lists, reads and writes them; the username is the key. */
export const employees = {
  list: ({ db }: Scope, query: Record<string, unknown> & { department_id?: number }) =>
    listEmployees(db, { personal_numbers: arrayParam(query, 'personal_number'), department_id: query.department_id }),
  listItems: ({ db, tenant }: Scope, rows: EmployeeRow[]) => toEmployees(db, tenant, rows),
  find: ({ db }: Scope, username: string) => findEmployeeRow(db, username),
  show: async ({ db, tenant }: Scope, row: EmployeeRow) => {
    const [[employee], absences_count] = await Promise.all([
      toEmployees(db, tenant, [row]),
      absencesCount(db, row.username),
    ]);
    return { ...employee, absences_count };
  },
  insert: (s: Scope, body: Body) => writeEmployee(s, body),
  update: (s: Scope, row: EmployeeRow, changes: Body) => writeEmployee(s, changes, row),
};
