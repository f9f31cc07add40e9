// SQL for transponders; every query is scoped by tenant and employee.
import { rowMapper } from '../../db/row-mapping.js';
import type { Selectable } from 'kysely';
import type { TenantDb } from '../../db/tenant-scope.js';
import type { ListSpec } from '../../db/list-spec.js';
import { outDate } from '../../values/formats.js';
import type { TranspondersTable } from './transponders.tables.js';
import { Transponder, type TransponderT } from './transponders.schemas.js';

export type TransponderRow = Selectable<TranspondersTable>;

const nullable = (column: string) => ({ column, nullable: true });
export const transponderListSpec: ListSpec = {
  key: ['id'],
  sortable: {
    id: 'id',
    number: 'number',
    valid_from: nullable('valid_from'),
    valid_until: nullable('valid_until'),
    created: nullable('created'),
    modified: nullable('modified'),
  },
};

export const listTransponders = (db: TenantDb, username: string) =>
  db.selectFrom('transponders').selectAll().where('employee_id', '=', username);

export const findTransponder = (db: TenantDb, username: string, id: number) =>
  listTransponders(db, username).where('id', '=', id).executeTakeFirst();

export const toTransponder: (r: TransponderRow) => TransponderT = rowMapper(Transponder, {
  convert: { valid_from: outDate, valid_until: outDate },
});
