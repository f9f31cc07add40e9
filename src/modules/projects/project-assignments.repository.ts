// SQL for project assignments; every query is scoped by tenant.
import type { Selectable } from 'kysely';
import type { TenantDb } from '../../db/tenant-scope.js';
import type { Authored } from '../../db/columns.js';
import type { ProjectAssignmentsTable } from './projects.tables.js';
import type { ListSpec } from '../../db/list-spec.js';
import { fromJson, nowTimestamp, outDate, outTimestamp, toBool } from '../../values/formats.js';
import type { TranslationsT } from '../../values/labels.js';
import { translations } from '../categories/categories.repository.js';
import { labelled } from '../../values/labels.js';
import type { AssignmentT } from './project-assignments.schemas.js';
import { authorsOf } from '../../db/row-mapping.js';

export type AssignmentRow = Selectable<ProjectAssignmentsTable>;
export type AssignmentColumns = Partial<
  Omit<ProjectAssignmentsTable, 'tenant_id' | 'id' | 'project_id' | 'created' | 'modified' | keyof Authored>
>;

/** GET /projects/{id}/employees keeps its own order (contract rule 3): assignment id ascending. */
export const projectEmployeesSpec: ListSpec = {
  key: ['a.id'],
  modified: 'a.modified',
  sortable: {},
  fixedOrder: [{ column: 'a.id', direction: 'asc' }],
};

export const employeeProjectsSpec: ListSpec = {
  key: ['a.id'],
  modified: 'a.modified',
  sortable: {
    id: 'a.id',
    project_id: 'a.project_id',
    from: { column: 'a.from_date', nullable: true },
    to: { column: 'a.to_date', nullable: true },
    availability: { column: 'a.availability', nullable: true },
    created: { column: 'a.created', nullable: true },
    modified: { column: 'a.modified', nullable: true },
  },
};

const base = (db: TenantDb) => db.selectFrom('project_assignments as a').selectAll('a');

export const listProjectEmployees = (db: TenantDb, projectId: number) => base(db).where('a.project_id', '=', projectId);

export interface EmployeeProjectFilters {
  statuses?: string[];
  project_start_date?: string;
  project_end_date?: string;
}

/** Assignments of one employee, filtered by their project's status and runtime (docs/api/projects.md). */
export function listEmployeeProjects(db: TenantDb, username: string, f: EmployeeProjectFilters) {
  let q = base(db)
    .innerJoin('projects as p', (j) => j.onRef('p.tenant_id', '=', 'a.tenant_id').onRef('p.id', '=', 'a.project_id'))
    .where('a.employee_id', '=', username);
  if (f.statuses && f.statuses.length > 0) q = q.where('p.project_status_id', 'in', f.statuses);
  if (f.project_start_date !== undefined) q = q.where('p.start_date', '>=', f.project_start_date);
  if (f.project_end_date !== undefined) q = q.where('p.end_date', '<=', f.project_end_date);
  return q;
}

export const findAssignment = (db: TenantDb, projectId: number, id: number) =>
  base(db).where('a.project_id', '=', projectId).where('a.id', '=', id).executeTakeFirst();

/** Another assignment of the same employee to the project whose period overlaps [from, to] (nulls open). */
export async function overlappingAssignment(
  db: TenantDb,
  projectId: number,
  username: string,
  from: string | null,
  to: string | null,
  exceptId?: number,
) {
  let q = base(db).where('a.project_id', '=', projectId).where('a.employee_id', '=', username);
  if (to !== null) q = q.where((eb) => eb.or([eb('a.from_date', 'is', null), eb('a.from_date', '<=', to)]));
  if (from !== null) q = q.where((eb) => eb.or([eb('a.to_date', 'is', null), eb('a.to_date', '>=', from)]));
  if (exceptId !== undefined) q = q.where('a.id', '<>', exceptId);
  return (await q.limit(1).executeTakeFirst()) !== undefined;
}

export async function insertAssignment(
  db: TenantDb,
  projectId: number,
  values: AssignmentColumns & { employee_id: string },
) {
  const now = nowTimestamp();
  const row = await db
    .insertInto('project_assignments', { type: '0', ...values, project_id: projectId, created: now, modified: now })
    .returning('id')
    .executeTakeFirstOrThrow();
  return Number(row.id);
}

export const updateAssignment = (db: TenantDb, id: number, values: AssignmentColumns) =>
  db
    .updateTable('project_assignments')
    .set({ ...values, modified: nowTimestamp() })
    .where('id', '=', id)
    .execute();

export const deleteAssignment = (db: TenantDb, id: number) =>
  db.deleteFrom('project_assignments').where('id', '=', id).execute();

export const employeePriceGroup = async (db: TenantDb, username: string) =>
  (await db.selectFrom('employees').select('price_group').where('username', '=', username).executeTakeFirst())
    ?.price_group ?? null;

/** Map a page of assignments, loading their price groups in one query. */
export async function toAssignments(db: TenantDb, rows: AssignmentRow[]): Promise<AssignmentT[]> {
  const names = [...new Set(rows.map((r) => r.price_group).filter((n): n is string => n !== null))];
  const groups = names.length
    ? await db.selectFrom('price_groups').selectAll().where('name', 'in', names).execute()
    : [];
  const byName = new Map(groups.map((g) => [g.name, g]));
  return rows.map((r) => {
    const g = r.price_group === null ? undefined : byName.get(r.price_group);
    return {
      id: Number(r.id),
      employee_id: r.employee_id,
      project_id: Number(r.project_id),
      from: outDate(r.from_date),
      to: outDate(r.to_date),
      note: r.note,
      availability: r.availability === null ? null : Number(r.availability),
      internal_rate: r.internal_rate === null ? null : Number(r.internal_rate),
      rate_type: labelled(db.language, 'rate_type', r.rate_type === null ? null : Number(r.rate_type)),
      type: labelled(db.language, 'assignment_type', r.type)!,
      priceGroup: g
        ? {
            id: Number(g.id),
            name: g.name,
            number: g.number,
            status: toBool(g.status) ?? true,
            description: translations(fromJson<TranslationsT | null>(g.description, null)),
          }
        : null,
      created: outTimestamp(r.created),
      modified: outTimestamp(r.modified),
      ...authorsOf(r),
    };
  });
}

/** Per assignment, each task of its project with each non-travel activity allowed there, ordered by employee, project, task. */
export function bookableAssignments(db: TenantDb) {
  return db
    .selectFrom('project_assignments as a')
    .innerJoin('project_tasks as t', (j) =>
      j.onRef('t.tenant_id', '=', 'a.tenant_id').onRef('t.project_id', '=', 'a.project_id'),
    )
    .innerJoin('project_activities as pa', (j) =>
      j.onRef('pa.tenant_id', '=', 'a.tenant_id').onRef('pa.project_id', '=', 'a.project_id'),
    )
    .innerJoin('activities as act', (j) =>
      j.onRef('act.tenant_id', '=', 'pa.tenant_id').onRef('act.id', '=', 'pa.activity_id'),
    )
    .select(['a.employee_id', 'a.project_id', 't.id as task_id', 'act.name as activity'])
    .where('act.is_travel', '=', false)
    .orderBy('a.employee_id')
    .orderBy('a.project_id')
    .orderBy('t.id')
    .execute();
}
