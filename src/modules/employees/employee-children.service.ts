// Writes of rows that belong to one employee (employment periods, working times, internal rates, transponders,
// meals): the body's employee_id must match the path, the employee is locked while cross-row rules run, and
// the row is inserted or updated in the same transaction.
import type { TenantDb } from '../../db/tenant-scope.js';
import { ErrorBag } from '../../values/errors.js';
import { deleteRow, insertRow, pick, updateRow } from '../crud/index.js';
import { type Scope } from '../../tenancy/scope.js';
import { lockEmployee, type EmployeeRow } from './employees.repository.js';

export type ChildTable = 'employment_periods' | 'regular_working_times' | 'internal_rates' | 'transponders' | 'meals';

/** The submitted columns of a body; an employee_id that names another employee is a 422. */
export function childColumns<K extends string>(
  body: Record<string, unknown>,
  employee: EmployeeRow,
  columns: readonly K[],
): Partial<Record<K, unknown>> {
  if (body.employee_id !== undefined && body.employee_id !== employee.username) {
    new ErrorBag().add('employee_id', 'The employee id must be the employee of the path.').throwIfAny();
  }
  return pick(body, columns);
}

/**
 * Insert (no current row) or update one child row. `check` sees the merged record and the transaction, and
 * throws 422 for rule violations (e.g. overlapping periods).
 */
export async function writeChild<Row>(
  s: Scope,
  table: ChildTable,
  employee: EmployeeRow,
  values: Record<string, unknown>,
  current: (Row & { id: number }) | undefined,
  check?: (trx: TenantDb, merged: Record<string, unknown>) => Promise<void>,
): Promise<Row> {
  return s.db.transaction(async (trx) => {
    await lockEmployee(trx, s.dialect, employee.username);
    const merged = { ...(current ?? {}), ...values } as Record<string, unknown>;
    if (check) await check(trx, merged);
    if (current) return updateRow(trx, table, current.id, values) as Promise<Row>;
    return insertRow(trx, table, { ...values, employee_id: employee.username }) as Promise<Row>;
  });
}

/** DELETE of a child row. */
export const deleteChild = (s: Scope, table: ChildTable, id: number): Promise<void> => deleteRow(s.db, table, id);

/**
 * What the CRUD kit (modules/crud) takes of an employee's child records, beside how they show: the employee's rows
 * listed and found by username, created and changed by the module's `write` (its rules) with the employee.
 */
export function childRepository<Query, Row, Body, Rows>(parts: {
  list: (db: TenantDb, username: string, query: Query) => Rows;
  find: (db: TenantDb, username: string, id: number) => Promise<Row | undefined>;
  write: (s: Scope, employee: EmployeeRow, body: Body, current?: Row) => Promise<Row>;
}) {
  return {
    list: ({ db }: Scope, query: Query, employee: EmployeeRow) => parts.list(db, employee.username, query),
    find: ({ db }: Scope, id: number, employee: EmployeeRow) => parts.find(db, employee.username, id),
    insert: (s: Scope, body: Body, employee: EmployeeRow) => parts.write(s, employee, body),
    update: (s: Scope, row: Row, changes: Body, employee: EmployeeRow) => parts.write(s, employee, changes, row),
  };
}
