// SQL for project statuses; every query is scoped by tenant. A tenant without any status gets the two
// defaults 'aktiv' (bookable) and 'abgeschlossen' (not bookable) on first use.
import { rowMapper } from '../../db/row-mapping.js';
import type { Selectable } from 'kysely';
import type { TenantDb } from '../../db/tenant-scope.js';
import type { Scope } from '../../tenancy/scope.js';
import type { ProjectStatusesTable } from './projects.tables.js';
import type { ListSpec } from '../../db/list-spec.js';
import { nowTimestamp } from '../../values/formats.js';
import { Type } from '@sinclair/typebox';
import { ProjectStatus, type ProjectStatusT, type ProjectStatusUpdateT } from './project-statuses.schemas.js';

export type ProjectStatusRow = Selectable<ProjectStatusesTable>;

export const projectStatusListSpec: ListSpec = {
  key: ['id'],
  defaultSort: 'order',
  sortable: {
    id: 'id',
    name: 'name',
    order: 'sort_order',
    bookable: 'bookable',
    description: { column: 'description', nullable: true },
    color: { column: 'color', nullable: true },
    abrechnungsrelevant: 'abrechnungsrelevant',
    created: { column: 'created', nullable: true },
    modified: { column: 'modified', nullable: true },
  },
};

export const DEFAULT_STATUSES = [
  { name: 'aktiv', description: 'Active', bookable: true, sort_order: 1, color: '#00A000', abrechnungsrelevant: '1' },
  {
    name: 'abgeschlossen',
    description: 'Closed',
    bookable: false,
    sort_order: 2,
    color: '#808080',
    abrechnungsrelevant: '0',
  },
];

/** Create the default statuses when the tenant has none (idempotent, safe against concurrent calls). */
export async function ensureDefaultStatuses(db: TenantDb): Promise<void> {
  const any = await db.selectFrom('project_statuses').select('id').limit(1).executeTakeFirst();
  if (any) return;
  const now = nowTimestamp();
  await db
    .insertInto(
      'project_statuses',
      DEFAULT_STATUSES.map((s) => ({ ...s, created: now, modified: now })),
    )
    .onConflict((oc) => oc.columns(['tenant_id', 'name']).doNothing())
    .execute();
}

export function listProjectStatuses(db: TenantDb, filters: { bookable?: boolean }) {
  let q = db.selectFrom('project_statuses').selectAll();
  if (filters.bookable !== undefined) q = q.where('bookable', '=', filters.bookable);
  return q;
}

export const findProjectStatus = (db: TenantDb, name: string) =>
  db.selectFrom('project_statuses').selectAll().where('name', '=', name).executeTakeFirst();

/** Statuses by short name, for a page of projects. */
export async function statusesByName(db: TenantDb, names: readonly string[]): Promise<Map<string, ProjectStatusRow>> {
  const unique = [...new Set(names)];
  if (unique.length === 0) return new Map();
  const rows = await db.selectFrom('project_statuses').selectAll().where('name', 'in', unique).execute();
  return new Map(rows.map((r) => [r.name, r]));
}

/** The status new projects get when none is given: the first bookable one by order. */
export async function defaultStatusName(db: TenantDb): Promise<string | undefined> {
  await ensureDefaultStatuses(db);
  const row = await db
    .selectFrom('project_statuses')
    .select('name')
    .orderBy('bookable', 'desc')
    .orderBy('sort_order')
    .orderBy('id')
    .executeTakeFirst();
  return row?.name;
}

function columns(body: ProjectStatusUpdateT) {
  const { order, ...rest } = body;
  return { ...rest, ...(order !== undefined ? { sort_order: order } : {}) };
}

export async function insertProjectStatus(db: TenantDb, body: ProjectStatusUpdateT & { name: string }) {
  const now = nowTimestamp();
  return db
    .insertInto('project_statuses', {
      name: body.name,
      description: body.description ?? null,
      bookable: body.bookable ?? true,
      sort_order: body.order ?? 0,
      color: body.color ?? null,
      abrechnungsrelevant: body.abrechnungsrelevant ?? '1',
      created: now,
      modified: now,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function updateProjectStatus(db: TenantDb, id: number, body: ProjectStatusUpdateT) {
  return db
    .updateTable('project_statuses')
    .set({ ...columns(body), modified: nowTimestamp() })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();
}

export const deleteProjectStatus = (db: TenantDb, id: number) =>
  db.deleteFrom('project_statuses').where('id', '=', id).execute();

const statusMapping = { columns: { order: 'sort_order' } } as const;
const mapStatus = rowMapper(ProjectStatus, statusMapping);
const mapStatusWithoutTimestamps = rowMapper(
  Type.Omit(ProjectStatus, ['created', 'modified', 'created_by', 'modified_by']),
  statusMapping,
);
export const toProjectStatus = (row: ProjectStatusRow, withTimestamps = true): ProjectStatusT =>
  withTimestamps ? mapStatus(row) : mapStatusWithoutTimestamps(row);

/** The project statuses as the CRUD kit (modules/crud) lists, reads and writes them; the short name is the key. */
export const projectStatuses = {
  list: ({ db }: Scope, query: { bookable?: boolean }) => listProjectStatuses(db, query),
  find: ({ db }: Scope, name: string) => findProjectStatus(db, name),
  show: (_s: Scope, row: ProjectStatusRow) => toProjectStatus(row),
  insert: ({ db }: Scope, body: ProjectStatusUpdateT & { name: string }) => insertProjectStatus(db, body),
  update: ({ db }: Scope, row: ProjectStatusRow, changes: ProjectStatusUpdateT) =>
    updateProjectStatus(db, Number(row.id), changes),
};
