// Assignment rules beyond plain SQL: the employee and price group exist in the tenant (the price group defaults
// to the employee's), `to` is not before `from`, and one employee's assignments to a project do not overlap.
import type { TenantDb } from '../../db/tenant-scope.js';
import { lockedTransaction } from '../../db/transaction.js';
import { employeeLockKey } from '../employees/employees.locks.js';
import type { Scope } from '../../tenancy/scope.js';
import { existsInTenant } from '../../db/lookup.js';
import { ErrorBag } from '../../values/errors.js';
import type { AssignmentUpdateT } from './project-assignments.schemas.js';
import {
  deleteAssignment,
  employeePriceGroup,
  findAssignment,
  insertAssignment,
  listProjectEmployees,
  toAssignments,
  overlappingAssignment,
  updateAssignment,
  type AssignmentColumns,
  type AssignmentRow,
} from './project-assignments.repository.js';
import type { ProjectRow } from './projects.repository.js';

async function assignmentColumns(
  db: TenantDb,
  projectId: number,
  body: AssignmentUpdateT,
  current?: AssignmentRow,
): Promise<AssignmentColumns> {
  const errors = new ErrorBag();
  const { from, to, ...rest } = body;
  const values: AssignmentColumns = { ...rest };
  if (from !== undefined) values.from_date = from;
  if (to !== undefined) values.to_date = to;
  const username = body.employee_id ?? current!.employee_id;
  if (body.employee_id !== undefined && !(await existsInTenant(db, 'employees', 'username', body.employee_id))) {
    errors.add('employee_id', 'The selected employee id is invalid.');
  } else if (!current && body.price_group === undefined) {
    values.price_group = await employeePriceGroup(db, username);
  }
  if (
    body.price_group !== undefined &&
    body.price_group !== null &&
    !(await existsInTenant(db, 'price_groups', 'name', body.price_group))
  ) {
    errors.add('price_group', 'The selected price group is invalid.');
  }
  const start = from !== undefined ? from : (current?.from_date ?? null);
  const end = to !== undefined ? to : (current?.to_date ?? null);
  if (start && end && end < start) errors.add('to', 'The to date must be a date after or equal to from.');
  else if (
    errors.empty &&
    (await overlappingAssignment(db, projectId, username, start, end, current ? Number(current.id) : undefined))
  ) {
    errors.add('from', 'The employee is already assigned to the project in this period.');
  }
  errors.throwIfAny();
  return values;
}

/**
 * Create (no current assignment) or update an assignment of the project; returns the stored row. The overlap
 * check and the write run under the employee's lock (the booking engine's), so racing writes cannot overlap.
 */
export function writeAssignment(
  s: Scope,
  projectId: number,
  body: AssignmentUpdateT,
  current?: AssignmentRow,
): Promise<AssignmentRow> {
  const employees = [body.employee_id, current?.employee_id].filter((e): e is string => typeof e === 'string');
  return lockedTransaction(
    s.db,
    s.dialect,
    employees.map((e) => employeeLockKey(s.tenant.id, e)),
    async (db) => {
      const values = await assignmentColumns(db, projectId, body, current);
      const id = current
        ? Number(current.id)
        : await insertAssignment(db, projectId, { ...values, employee_id: body.employee_id! });
      if (current) await updateAssignment(db, id, values);
      return (await findAssignment(db, projectId, id))!;
    },
  );
}

/** The employees assigned to a project as the CRUD kit (modules/crud) lists, reads and writes them. */
export const projectAssignments = {
  list: ({ db }: Scope, _query: unknown, project: ProjectRow) => listProjectEmployees(db, Number(project.id)),
  listItems: ({ db }: Scope, rows: AssignmentRow[]) => toAssignments(db, rows),
  find: ({ db }: Scope, id: number, project: ProjectRow) => findAssignment(db, Number(project.id), id),
  show: async ({ db }: Scope, row: AssignmentRow) => (await toAssignments(db, [row]))[0],
  insert: (s: Scope, body: AssignmentUpdateT, project: ProjectRow) => writeAssignment(s, Number(project.id), body),
  update: (s: Scope, row: AssignmentRow, changes: AssignmentUpdateT, project: ProjectRow) =>
    writeAssignment(s, Number(project.id), changes, row),
  remove: async ({ db }: Scope, row: AssignmentRow) => {
    await deleteAssignment(db, Number(row.id));
  },
};
