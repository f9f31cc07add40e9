// SQL for transponders; every query is scoped by tenant and employee.
import type { Selectable } from 'kysely';
import type { TenantDb } from '../../db/tenant-scope.js';
import type { ListSpec } from '../../db/list-spec.js';
import { outDate, outTimestamp } from '../../values/formats.js';
import type { TranspondersTable } from './transponders.tables.js';
import type { TransponderT } from './transponders.schemas.js';

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

export const toTransponder = (r: TransponderRow): TransponderT => ({
  id: Number(r.id),
  employee_id: r.employee_id,
  number: r.number,
  valid_from: outDate(r.valid_from),
  valid_until: outDate(r.valid_until),
  note: r.note,
  created: outTimestamp(r.created),
  modified: outTimestamp(r.modified),
});
