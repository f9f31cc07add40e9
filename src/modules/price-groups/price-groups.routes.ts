// GET /price-groups[/{id}] (reference §4.23: {id, name, number, status, description}), POST, PATCH/PUT, DELETE.
// Employees and prices reference a group by name (renames follow via ON UPDATE CASCADE); a group in use
// cannot be deleted.
import { Type, type Static } from '@sinclair/typebox';
import type { Selectable } from 'kysely';
import type { ZkApp } from '../../types.js';
import type { PriceGroupsTable } from './price-groups.tables.js';
import { DateTimeOut, Nullable, Opt, Translations, type TranslationsT } from '../../http/schemas.js';
import { ErrorBag } from '../../http/errors.js';
import { fromJson, outTimestamp, toBool } from '../../http/formats.js';
import { translations } from '../categories/categories.repository.js';
import { pick } from '../crud/index.js';
import { resourceRoutes, type Scope } from '../crud/index.js';
import { checkUnique, deleteRow, findRow, insertRow, refuseWhileUsed, updateRow } from '../crud/index.js';

type Row = Selectable<PriceGroupsTable>;

export const PriceGroup = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  number: Nullable(Type.String()),
  status: Type.Boolean(),
  description: Translations,
  created: Nullable(DateTimeOut()),
  modified: Nullable(DateTimeOut()),
});
const writable = { number: Opt(Type.String({ maxLength: 64 })), status: Type.Optional(Type.Boolean()), description: Type.Optional(Nullable(Translations)) };
const PriceGroupCreate = Type.Object({ name: Type.String({ minLength: 1, maxLength: 255 }), ...writable });
const PriceGroupUpdate = Type.Object({ name: Type.Optional(Type.String({ minLength: 1, maxLength: 255 })), ...writable });
type WriteT = Static<typeof PriceGroupUpdate>;

const toPriceGroup = (r: Row): Static<typeof PriceGroup> => ({
  id: Number(r.id),
  name: r.name,
  number: r.number,
  status: toBool(r.status) ?? true,
  description: translations(fromJson<TranslationsT | null>(r.description, null)),
  created: outTimestamp(r.created),
  modified: outTimestamp(r.modified),
});

async function write(s: Scope, body: WriteT, current?: Row) {
  const errors = new ErrorBag();
  await checkUnique(s, errors, 'price_groups', 'name', body.name, { exceptId: current ? Number(current.id) : undefined });
  errors.throwIfAny();
  const values: Record<string, unknown> = pick(body, ['name', 'number', 'status']);
  if (body.description !== undefined) values.description = JSON.stringify(translations(body.description));
  return current ? updateRow(s.db, 'price_groups', s.tenantId, Number(current.id), values) : insertRow(s.db, 'price_groups', s.tenantId, { status: true, ...values });
}

export default async function priceGroupRoutes(app: ZkApp) {
  resourceRoutes<undefined, Row, unknown>(app, {
    name: 'Price group',
    plural: 'price groups',
    tags: ['Price groups'],
    path: '/price-groups',
    resource: PriceGroup,
    list: {
      build: (s) => s.db.selectFrom('price_groups').selectAll().where('tenant_id', '=', s.tenantId),
      spec: { key: ['id'], sortable: { id: 'id', name: 'name', number: { column: 'number', nullable: true }, status: 'status', created: { column: 'created', nullable: true }, modified: { column: 'modified', nullable: true } } },
    },
    find: (s, _p, id) => findRow(s.db, 'price_groups', s.tenantId, 'id', id),
    show: (_s, _p, row) => toPriceGroup(row),
    create: { body: PriceGroupCreate, run: (s, _p, body) => write(s, body) },
    update: { body: PriceGroupUpdate, run: (s, _p, row, body) => write(s, body, row) },
    remove: async (s, _p, row) => {
      await refuseWhileUsed(
        s,
        [
          { table: 'employees', column: 'price_group', what: 'employees' },
          { table: 'prices', column: 'price_group', what: 'prices of price tables' },
        ],
        row.name,
      );
      await deleteRow(s, 'price_groups', Number(row.id));
    },
  });
}
