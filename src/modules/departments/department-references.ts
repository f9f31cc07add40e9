// What keeps a department from being deleted. Resources that reference departments add their check here.
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.js';
import { findReferences, type ReferenceCheck } from '../../db/references.js';
import { toBool } from '../../http/formats.js';

/** Tables with a department_id (or parent) column; each resource module adds its row. */
export const DEPARTMENT_REFERENCES: ReferenceCheck[] = [
  { table: 'departments', column: 'parent_id', what: 'the parent of other departments' },
  { table: 'customers', column: 'department_id', what: 'the department of customers' },
  { table: 'customer_contacts', column: 'department_id', what: 'the department of customer contacts' },
  { table: 'projects', column: 'department_id', what: 'the department of projects' },
  { table: 'employees', column: 'department_id', what: 'the department of employees' },
];

export async function departmentReferences(db: Kysely<DB>, tenantId: number, id: number, isStandard: unknown): Promise<string[]> {
  const found = toBool(isStandard) ? ['the standard department'] : [];
  return [...found, ...(await findReferences(db, tenantId, DEPARTMENT_REFERENCES, id))];
}
