// The CRUD kit's declaration of a resource below /employees/{username} (employment periods, working times,
// internal rates, transponders, meals): the path, the parent (an unknown or another tenant's employee is 404)
// and the delete come from here; the module declares the rest.
import type { ZkApp } from '../../types.js';
import type { TSchema } from '@sinclair/typebox';
import { resourceRoutes, type IdKeySchema, type ResourceDef } from '../crud/index.js';
import { deleteChild, type ChildTable } from './employee-children.service.js';
import type { EmployeeRow } from './employees.repository.js';
import { UsernameParam } from './employees.schemas.js';
import { requireEmployee } from './employees.service.js';

export function employeeChildRoutes<
  Row extends { id: number },
  R extends TSchema,
  K extends TSchema = IdKeySchema,
  C extends TSchema = TSchema,
  U extends TSchema = TSchema,
  Q extends TSchema = TSchema,
  L extends TSchema = R,
  QD = unknown,
  QT extends keyof QD = keyof QD,
>(
  app: ZkApp,
  segment: string,
  table: ChildTable,
  def: Omit<ResourceDef<EmployeeRow, Row, R, K, C, U, Q, L, QD, QT>, 'path' | 'parentParams' | 'parent' | 'remove'>,
): void {
  resourceRoutes(app, {
    ...def,
    path: `/employees/:username/${segment}`,
    parentParams: UsernameParam,
    parent: requireEmployee,
    remove: (s, row) => deleteChild(s, table, Number(row.id)),
    records: { table, key: ['employee_id', 'id'], ...def.records },
  });
}
