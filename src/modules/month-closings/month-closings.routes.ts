// /month-closings: close a month for the whole tenant or one employee (POST), reopen it (DELETE), list them.
// Additive endpoints behind booking rule 1 (issue 6).
import { Type } from '@sinclair/typebox';
import type { Kysely, Selectable } from 'kysely';
import type { ZkApp } from '../../types.js';
import type { DB } from '../../db/schema.js';
import type { MonthClosingsTable } from './month-closings.tables.js';
import { DateTimeOut, IntKey, Nullable, Opt, Paginated, Single, responses } from '../../http/schemas.js';
import { listQuery, listResponse, type ListSpec } from '../../http/list/index.js';
import { ErrorBag, notFound } from '../../http/errors.js';
import { nowTimestamp, outTimestamp } from '../../http/formats.js';
import { existsInTenant } from '../../db/lookup.js';

const tags = ['Month closings'];

export const MonthClosing = Type.Object({
  id: Type.Integer(),
  month: Type.String({ examples: ['2026-03'] }),
  employee_id: Nullable(Type.String({ description: 'Username; null = closed for the whole tenant.' })),
  note: Nullable(Type.String()),
  created: Nullable(DateTimeOut()),
  modified: Nullable(DateTimeOut()),
});

const MonthPattern = '^\\d{4}-(0[1-9]|1[0-2])$';
const MonthClosingCreate = Type.Object({
  month: Type.String({ pattern: MonthPattern, maxLength: 7, description: "'YYYY-MM'" }),
  employee_id: Opt(Type.String({ minLength: 1, maxLength: 255 })),
  note: Opt(Type.String({ maxLength: 255 })),
});

const spec: ListSpec = { key: ['id'], sortable: { id: 'id', month: 'month', employee_id: { column: 'employee_id', nullable: true }, created: { column: 'created', nullable: true }, modified: { column: 'modified', nullable: true } } };

const toMonthClosing = (r: Selectable<MonthClosingsTable>) => ({
  id: Number(r.id),
  month: r.month,
  employee_id: r.employee_id,
  note: r.note,
  created: outTimestamp(r.created),
  modified: outTimestamp(r.modified),
});

/** Closings that concern one employee's bookings in the given months. */
export async function closingsFor(db: Kysely<DB>, tenantId: number, employee: string, months: string[]) {
  return db
    .selectFrom('month_closings')
    .select(['month', 'employee_id'])
    .where('tenant_id', '=', tenantId)
    .where('month', 'in', months)
    .where((eb) => eb.or([eb('employee_id', 'is', null), eb('employee_id', '=', employee)]))
    .execute();
}

export default async function monthClosingRoutes(app: ZkApp) {
  const { db } = app.zk;

  app.get(
    '/month-closings',
    {
      schema: {
        summary: 'List closed months',
        tags,
        querystring: listQuery({ month: Type.Optional(Type.String({ pattern: MonthPattern, maxLength: 7 })), employee_id: Type.Optional(Type.String({ maxLength: 255 })) }),
        response: responses({ 200: Paginated(MonthClosing) }),
      },
    },
    async (req) => {
      let q = db.selectFrom('month_closings').selectAll().where('tenant_id', '=', req.tenant.id);
      if (req.query.month !== undefined) q = q.where('month', '=', req.query.month);
      if (req.query.employee_id !== undefined) q = q.where('employee_id', '=', req.query.employee_id);
      return listResponse(req, q, spec, (rows) => rows.map(toMonthClosing));
    },
  );

  app.post(
    '/month-closings',
    { schema: { summary: 'Close a month for the whole tenant or for one employee', tags, body: MonthClosingCreate, response: responses({ 201: Single(MonthClosing) }, { write: true }) } },
    async (req, reply) => {
      const { month, employee_id = null, note = null } = req.body;
      const errors = new ErrorBag();
      if (employee_id !== null && !(await existsInTenant(db, 'employees', req.tenant.id, 'username', employee_id))) errors.add('employee_id', 'The selected employee id is invalid.');
      let dup = db.selectFrom('month_closings').select('id').where('tenant_id', '=', req.tenant.id).where('month', '=', month);
      dup = employee_id === null ? dup.where('employee_id', 'is', null) : dup.where('employee_id', '=', employee_id);
      if (await dup.executeTakeFirst()) errors.add('month', `The month ${month} is already closed${employee_id ? ` for ${employee_id}` : ''}.`);
      errors.throwIfAny();
      const now = nowTimestamp();
      const row = await db
        .insertInto('month_closings')
        .values({ tenant_id: req.tenant.id, month, employee_id, note, created: now, modified: now })
        .returningAll()
        .executeTakeFirstOrThrow();
      return reply.code(201).send({ data: toMonthClosing(row) });
    },
  );

  app.get(
    '/month-closings/:id',
    { schema: { summary: 'Get a month closing', tags, params: IntKey('id'), response: responses({ 200: Single(MonthClosing) }) } },
    async (req) => {
      const row = await db.selectFrom('month_closings').selectAll().where('tenant_id', '=', req.tenant.id).where('id', '=', req.params.id).executeTakeFirst();
      if (!row) throw notFound('Month closing');
      return { data: toMonthClosing(row) };
    },
  );

  app.delete(
    '/month-closings/:id',
    { schema: { summary: 'Reopen a closed month', tags, params: IntKey('id'), response: responses({ 204: Type.Null() }, { write: true }) } },
    async (req, reply) => {
      const res = await db.deleteFrom('month_closings').where('tenant_id', '=', req.tenant.id).where('id', '=', req.params.id).executeTakeFirst();
      if (Number(res.numDeletedRows) === 0) throw notFound('Month closing');
      return reply.code(204).send();
    },
  );
}
