// GET/POST /employees/{username}/transponders, GET/PATCH/PUT/DELETE …/{id} (reference §4.15 names the list only;
// fields are ours): a transponder number is unique in the tenant; valid_until >= valid_from.
import { Type, type Static } from '@sinclair/typebox';
import type { Selectable } from 'kysely';
import type { ZkApp } from '../../types.js';
import type { TranspondersTable } from './transponders.tables.js';
import { DateTimeOut, Nullable, Opt } from '../../http/schemas.js';
import { ErrorBag } from '../../http/errors.js';
import { outDate, outTimestamp } from '../../http/formats.js';
import { DateIn, dateValues } from '../crud/index.js';
import { resourceRoutes, type Scope } from '../crud/index.js';
import { requireEmployee, UsernameParam, type EmployeeRow } from '../employees/employee-ref.js';
import { childColumns, deleteChild, writeChild } from '../employees/employee-children.js';

type Row = Selectable<TranspondersTable>;

const Transponder = Type.Object({
  id: Type.Integer(),
  employee_id: Type.String(),
  number: Type.String(),
  valid_from: Nullable(DateTimeOut()),
  valid_until: Nullable(DateTimeOut()),
  note: Nullable(Type.String()),
  created: Nullable(DateTimeOut()),
  modified: Nullable(DateTimeOut()),
});
const writable = { employee_id: Type.Optional(Type.String({ maxLength: 255 })), valid_from: Opt(DateIn()), valid_until: Opt(DateIn()), note: Opt(Type.String({ maxLength: 1000 })) };
const TransponderCreate = Type.Object({ number: Type.String({ minLength: 1, maxLength: 64 }), ...writable });
const TransponderUpdate = Type.Object({ number: Type.Optional(Type.String({ minLength: 1, maxLength: 64 })), ...writable });

const list = (s: Scope, username: string) => s.db.selectFrom('transponders').selectAll().where('tenant_id', '=', s.tenantId).where('employee_id', '=', username);

const toTransponder = (r: Row): Static<typeof Transponder> => ({
  id: Number(r.id),
  employee_id: r.employee_id,
  number: r.number,
  valid_from: outDate(r.valid_from),
  valid_until: outDate(r.valid_until),
  note: r.note,
  created: outTimestamp(r.created),
  modified: outTimestamp(r.modified),
});

async function write(s: Scope, employee: EmployeeRow, body: Static<typeof TransponderUpdate>, current?: Row) {
  dateValues(body, ['valid_from', 'valid_until']);
  const values = childColumns(body, employee, ['number', 'valid_from', 'valid_until', 'note'] as const);
  return writeChild<Row>(s, 'transponders', employee, values, current, async (trx, merged) => {
    const errors = new ErrorBag();
    const from = merged.valid_from as string | null;
    const until = merged.valid_until as string | null;
    if (from && until && until < from) errors.add('valid_until', 'The valid until date must be a date after or equal to valid from.');
    if (body.number !== undefined) {
      const taken = await trx.selectFrom('transponders').select('id').where('tenant_id', '=', s.tenantId).where('number', '=', body.number).where('id', '<>', current ? Number(current.id) : 0).executeTakeFirst();
      if (taken) errors.add('number', 'The number has already been taken.');
    }
    errors.throwIfAny();
  });
}

export default async function transponderRoutes(app: ZkApp) {
  resourceRoutes<EmployeeRow, Row, unknown>(app, {
    name: 'Transponder',
    plural: 'transponders of an employee',
    tags: ['Transponders'],
    path: '/employees/:username/transponders',
    parentParams: UsernameParam,
    parent: requireEmployee,
    resource: Transponder,
    list: {
      build: (s, e) => list(s, e.username),
      spec: { key: ['id'], sortable: { id: 'id', number: 'number', valid_from: { column: 'valid_from', nullable: true }, valid_until: { column: 'valid_until', nullable: true }, created: { column: 'created', nullable: true }, modified: { column: 'modified', nullable: true } } },
    },
    find: (s, e, id) => list(s, e.username).where('id', '=', id).executeTakeFirst(),
    show: (_s, _e, row) => toTransponder(row),
    create: { body: TransponderCreate, run: (s, e, body) => write(s, e, body) },
    update: { body: TransponderUpdate, run: (s, e, row, body) => write(s, e, body, row) },
    remove: (s, _e, row) => deleteChild(s, 'transponders', Number(row.id)),
  });
}
