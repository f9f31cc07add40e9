// What keeps a department from being deleted. Resources that reference departments add their check here.
import { sql, type Kysely } from 'kysely';
import type { DB } from '../../db/types.js';
import { toBool } from '../../http/formats.js';

type Check = { table: string; column: string; what: string };

/** Tables with a department_id (or parent) column; each resource module adds its row. */
export const DEPARTMENT_REFERENCES: Check[] = [{ table: 'departments', column: 'parent_id', what: 'the parent of other departments' }];
DEPARTMENT_REFERENCES.push({ table: 'employees', column: 'department_id', what: 'the department of employees' });
DEPARTMENT_REFERENCES.push({ table: 'projects', column: 'department_id', what: 'the department of projects' });
DEPARTMENT_REFERENCES.push({ table: 'customers', column: 'department_id', what: 'the department of customers' });
DEPARTMENT_REFERENCES.push({ table: 'customer_contacts', column: 'department_id', what: 'the department of customer contacts' });

export async function departmentReferences(db: Kysely<DB>, tenantId: number, id: number, isStandard: unknown): Promise<string[]> {
  const found: string[] = [];
  if (toBool(isStandard)) found.push('the standard department');
  for (const c of DEPARTMENT_REFERENCES) {
    const row = await sql<{ one: number }>`SELECT 1 AS one FROM ${sql.table(c.table)} WHERE tenant_id = ${tenantId} AND ${sql.ref(c.column)} = ${id} LIMIT 1`.execute(db);
    if (row.rows.length > 0) found.push(c.what);
  }
  return found;
}
