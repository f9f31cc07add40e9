// SQL for projects; every query is scoped by tenant.
import type { Authored } from '../../db/columns.js';
import { sql, type Selectable } from 'kysely';
import { deletePriceTablesOf } from '../price-tables/price-tables.repository.js';
import { countPerOwner, equalsIgnoringCase } from '../../db/lookup.js';
import type { ProjectsTable } from './projects.tables.js';
import type { ListSpec, SortColumn } from '../../db/list-spec.js';
import { nowTimestamp } from '../../values/formats.js';
import { PROJECT_NUMBER_FIELDS, PROJECT_TEXT_FIELDS } from './projects.schemas.js';
import { untyped, type TenantDb } from '../../db/tenant-scope.js';

export type ProjectRow = Selectable<ProjectsTable>;
/** Column values of a project write (enumerations already resolved to ids). */
export type ProjectColumns = Partial<Omit<ProjectsTable, 'tenant_id' | 'id' | 'created' | 'modified' | keyof Authored>>;

const nullable = (column: string): SortColumn => ({ column: `p.${column}`, nullable: true });
export const projectListSpec: ListSpec = {
  key: ['p.id'],
  modified: 'p.modified',
  sortable: {
    id: 'p.id',
    name: 'p.name',
    project_status_id: 'p.project_status_id',
    default_billability: 'p.default_billability',
    ...Object.fromEntries(
      [
        ...Object.keys(PROJECT_TEXT_FIELDS),
        ...PROJECT_NUMBER_FIELDS,
        'start_date',
        'end_date',
        'customer_id',
        'department_id',
        'billing_type',
        'plan_can_exceed',
        'receipts_billability',
        'has_multiple_customers',
        'created',
        'modified',
      ].map((c) => [c, nullable(c)]),
    ),
  },
};

export interface ProjectFilters {
  start_date?: string;
  end_date?: string;
  ids?: number[];
  statuses?: string[];
  name?: string;
  search?: string | null;
  customer_id?: string;
}

/** LIKE pattern for a literal substring (\ escapes %, _ and itself). */
export const likeContains = (text: string) => `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * Filters of GET /projects. A project is active in [start_date, end_date] when its runtime overlaps the
 * range; a missing start or end of the project is open: (start IS NULL OR start <= end) AND (end IS NULL OR end >= start).
 */
export function listProjects(db: TenantDb, f: ProjectFilters) {
  let q = db.selectFrom('projects as p').selectAll('p');
  if (f.end_date !== undefined)
    q = q.where((eb) => eb.or([eb('p.start_date', 'is', null), eb('p.start_date', '<=', f.end_date!)]));
  if (f.start_date !== undefined)
    q = q.where((eb) => eb.or([eb('p.end_date', 'is', null), eb('p.end_date', '>=', f.start_date!)]));
  if (f.ids !== undefined) q = f.ids.length ? q.where('p.id', 'in', f.ids) : q.where(sql<boolean>`1 = 0`);
  if (f.statuses !== undefined && f.statuses.length > 0) {
    const numeric = f.statuses.filter((s) => /^\d{1,15}$/.test(s)).map(Number);
    q = q.where('p.project_status_id', 'in', (eb) =>
      eb
        .selectFrom('project_statuses as s')
        .select('s.name')
        .where('s.tenant_id', '=', db.tenantId)
        .where((w) => w.or([w('s.name', 'in', f.statuses!), ...(numeric.length ? [w('s.id', 'in', numeric)] : [])])),
    );
  }
  if (f.name !== undefined) q = q.where(equalsIgnoringCase('p.name', f.name));
  if (f.customer_id !== undefined) q = q.where('p.customer_id', '=', f.customer_id);
  if (f.search) {
    const pattern = likeContains(f.search);
    const like = (column: string) => sql<boolean>`lower(${sql.ref(column)}) LIKE ${pattern} ESCAPE '\\'`;
    q = q.where((eb) => eb.or([like('p.name'), like('p.description'), like('p.customer_id')]));
  }
  return q;
}

export const findProject = (db: TenantDb, id: number) =>
  db.selectFrom('projects').selectAll().where('id', '=', id).executeTakeFirst();

/** The id of the customer with that number in the tenant; undefined when there is none. */
export const customerIdOf = async (db: TenantDb, customerNumber: string) =>
  (await db.selectFrom('customers').select('id').where('customer_number', '=', customerNumber).executeTakeFirst())?.id;

/** Whether the row `id` of a customer's contacts or addresses belongs to that customer. */
export const customerPartExists = async (
  db: TenantDb,
  table: 'customer_contacts' | 'customer_addresses',
  id: number,
  customerId: number,
) =>
  (await untyped(db)
    .selectFrom(table)
    .select('id')
    .where('id', '=', id)
    .where('customer_id', '=', customerId)
    .executeTakeFirst()) !== undefined;

export async function insertProject(
  db: TenantDb,
  values: ProjectColumns & { name: string; project_status_id: string },
) {
  const now = nowTimestamp();
  const row = await db
    .insertInto('projects', { default_billability: 0, ...values, created: now, modified: now })
    .returning('id')
    .executeTakeFirstOrThrow();
  return Number(row.id);
}

export async function updateProject(db: TenantDb, id: number, values: ProjectColumns) {
  await db
    .updateTable('projects')
    .set({ ...values, modified: nowTimestamp() })
    .where('id', '=', id)
    .execute();
}

/** Tasks whose own runtime would lie outside [start, end] of their project. */
export async function tasksOutside(db: TenantDb, projectId: number, start: string | null, end: string | null) {
  if (start === null && end === null) return false;
  const row = await db
    .selectFrom('project_tasks')
    .select('id')
    .where('project_id', '=', projectId)
    .where((eb) => {
      const out = [];
      if (start !== null) out.push(eb('start_date', '<', start), eb('end_date', '<', start));
      if (end !== null) out.push(eb('end_date', '>', end), eb('start_date', '>', end));
      return eb.or(out);
    })
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

/** Delete a project with its tasks, assignments, activities, locations and own price tables (one transaction). */
export async function deleteProjectCascade(db: TenantDb, id: number): Promise<void> {
  await db.transaction(async (trx) => {
    const taskIds = (await trx.selectFrom('project_tasks').select('id').where('project_id', '=', id).execute()).map(
      (r) => Number(r.id),
    );
    for (const entity of ['project', 'task'] as const) {
      const ids = entity === 'project' ? [id] : taskIds;
      if (ids.length === 0) continue;
      await trx.deleteFrom('category_links').where('entity_type', '=', entity).where('entity_id', 'in', ids).execute();
      await trx
        .deleteFrom('dynamic_attribute_values')
        .where('entity_type', '=', entity)
        .where('entity_id', 'in', ids)
        .execute();
    }
    // Child tasks first: the parent reference is a plain foreign key.
    await trx.updateTable('project_tasks').set({ parent_id: null }).where('project_id', '=', id).execute();
    for (const table of ['project_tasks', 'project_assignments', 'project_activities', 'project_locations'] as const) {
      await trx.deleteFrom(table).where('project_id', '=', id).execute();
    }
    await deletePriceTablesOf(trx, { level: 'project', project_id: id });
    await trx.deleteFrom('projects').where('id', '=', id).execute();
  });
}

/** Per-project counts of one child table (column counted distinct). */
export const countPerProject = (
  db: TenantDb,
  table: 'project_tasks' | 'project_assignments' | 'project_activities',
  ids: readonly number[],
  distinct = 'id',
) => countPerOwner(db, table, 'project_id', ids, { distinct });

/**
 * What keeps a project from being deleted (other modules add their tables). Everything a project owns (tasks,
 * assignments, activities, locations, own price tables) is deleted with it instead (deleteProjectCascade).
 */
