// SQL for departments; every query is scoped by tenant.
import { rowMapper } from '../../db/row-mapping.js';
import { sql, type Selectable } from 'kysely';
import type { DepartmentsTable } from './departments.tables.js';
import type { ListSpec } from '../../db/list-spec.js';
import { nowTimestamp, outDate } from '../../values/formats.js';
import { Department, type DepartmentT, type DepartmentUpdateT } from './departments.schemas.js';
import type { TenantDb } from '../../db/tenant-scope.js';

export type DepartmentRow = Selectable<DepartmentsTable> & { children_count: number | null };

export const departmentListSpec: ListSpec = {
  key: ['id'],
  sortable: {
    id: 'id',
    name: 'name',
    parent_id: { column: 'parent_id', nullable: true },
    description: { column: 'description', nullable: true },
    status: { column: 'status', nullable: true },
    start_date: { column: 'start_date', nullable: true },
    end_date: { column: 'end_date', nullable: true },
    created: { column: 'created', nullable: true },
    modified: { column: 'modified', nullable: true },
  },
};

function base(db: TenantDb) {
  return db
    .selectFrom('departments as d')
    .selectAll('d')
    .select((eb) =>
      eb
        .selectFrom('departments as c')
        .select(sql<number>`count(*)`.as('n'))
        .whereRef('c.tenant_id', '=', 'd.tenant_id')
        .whereRef('c.parent_id', '=', 'd.id')
        .as('children_count'),
    );
}

/** Active in [start, end]: the department's own period overlaps the range; missing ends are open. */
export function listDepartments(db: TenantDb, filters: { start_date?: string; end_date?: string; parent_id?: number }) {
  let q = base(db);
  if (filters.end_date !== undefined)
    q = q.where((eb) => eb.or([eb('d.start_date', 'is', null), eb('d.start_date', '<=', filters.end_date!)]));
  if (filters.start_date !== undefined)
    q = q.where((eb) => eb.or([eb('d.end_date', 'is', null), eb('d.end_date', '>=', filters.start_date!)]));
  if (filters.parent_id !== undefined) q = q.where('d.parent_id', '=', filters.parent_id);
  return q;
}

export const findDepartment = (db: TenantDb, id: number) => base(db).where('d.id', '=', id).executeTakeFirst();

export const standardDepartmentId = async (db: TenantDb): Promise<number> =>
  Number(
    (
      await db
        .selectFrom('departments')
        .select('id')
        .where('is_standard', '=', true)
        .orderBy('id')
        .executeTakeFirstOrThrow()
    ).id,
  );

export async function insertDepartment(db: TenantDb, body: Omit<DepartmentUpdateT, 'manager'> & { name: string }) {
  const now = nowTimestamp();
  const row = await db
    .insertInto('departments', {
      name: body.name,
      parent_id: body.parent_id ?? null,
      description: body.description ?? null,
      comments: body.comments ?? null,
      status: body.status ?? null,
      start_date: body.start_date ?? null,
      end_date: body.end_date ?? null,
      is_standard: false,
      created: now,
      modified: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return (await findDepartment(db, Number(row.id)))!;
}

export async function updateDepartment(db: TenantDb, id: number, body: Omit<DepartmentUpdateT, 'manager'>) {
  await db
    .updateTable('departments')
    .set({ ...body, modified: nowTimestamp() })
    .where('id', '=', id)
    .execute();
  return (await findDepartment(db, id))!;
}

export const deleteDepartment = (db: TenantDb, id: number) =>
  db.deleteFrom('departments').where('id', '=', id).execute();

/** Is `candidate` the department itself or one of its descendants? (A parent must not create a cycle.) */
export async function isSelfOrDescendant(db: TenantDb, id: number, candidate: number): Promise<boolean> {
  let current: number | null = candidate;
  for (let depth = 0; current !== null && depth < 1000; depth++) {
    if (current === id) return true;
    const row: { parent_id: number | null } | undefined = await db
      .selectFrom('departments')
      .select('parent_id')
      .where('id', '=', current)
      .executeTakeFirst();
    current = row?.parent_id ?? null;
  }
  return false;
}

export const toDepartment: (row: DepartmentRow) => DepartmentT = rowMapper(Department, {
  convert: { start_date: outDate, end_date: outDate, children_count: (v) => Number(v ?? 0) },
});
