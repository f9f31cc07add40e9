// Writes of rows that belong to one employee (employment periods, working times, internal rates, transponders,
// meals): the body's employee_id must match the path, the employee is locked while cross-row rules run, and
// the row is inserted or updated in the same transaction.
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.js';
import { ErrorBag } from '../../http/errors.js';
import { nowTimestamp } from '../../http/formats.js';
import { pick } from '../crud/index.js';
import type { Scope } from '../crud/index.js';
import { lockEmployee, type EmployeeRow } from './employee-ref.js';

export type ChildTable = 'employment_periods' | 'regular_working_times' | 'internal_rates' | 'transponders' | 'meals';

/** The submitted columns of a body; an employee_id that names another employee is a 422. */
export function childColumns<K extends string>(body: Record<string, unknown>, employee: EmployeeRow, columns: readonly K[]): Partial<Record<K, unknown>> {
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
  check?: (trx: Kysely<DB>, merged: Record<string, unknown>) => Promise<void>,
): Promise<Row> {
  const now = nowTimestamp();
  return s.db.transaction().execute(async (trx) => {
    await lockEmployee(trx, s.dialect, s.tenantId, employee.username);
    const merged = { ...(current ?? {}), ...values } as Record<string, unknown>;
    if (check) await check(trx, merged);
    const db = trx as Kysely<any>;
    if (current) {
      return db
        .updateTable(table)
        .set({ ...values, modified: now })
        .where('tenant_id', '=', s.tenantId)
        .where('id', '=', current.id)
        .returningAll()
        .executeTakeFirstOrThrow() as Promise<Row>;
    }
    return db
      .insertInto(table)
      .values({ ...values, tenant_id: s.tenantId, employee_id: employee.username, created: now, modified: now })
      .returningAll()
      .executeTakeFirstOrThrow() as Promise<Row>;
  });
}

/** DELETE of a child row. */
export async function deleteChild(s: Scope, table: ChildTable, id: number): Promise<void> {
  await (s.db as Kysely<any>).deleteFrom(table).where('tenant_id', '=', s.tenantId).where('id', '=', id).execute();
}
