// /holiday-calendars[/{id}], /holiday-calendars/{id}/holidays[/{holiday_id}], /break-regulation-types[/{id}]
// (additive endpoints: "non-working day or holiday" depends on them). Names are unique per tenant, a holiday
// date once per calendar; a calendar or break regulation still used by working times cannot be deleted.
import { Type } from '@sinclair/typebox';
import type { ZkApp } from '../../types.js';
import { ErrorBag, notFound } from '../../http/errors.js';
import { MAX_ID } from '../../http/schemas.js';
import { dateValues, pick } from '../crud/index.js';
import { resourceRoutes, type Scope } from '../crud/index.js';
import { checkUnique, deleteRow, findRow, insertRow, refuseWhileUsed, updateRow, type RowTable } from '../crud/index.js';
import {
  BreakRegulationType,
  BreakRegulationTypeCreate,
  BreakRegulationTypeUpdate,
  CALENDAR_COLUMNS,
  HOLIDAY_COLUMNS,
  Holiday,
  HolidayCalendar,
  HolidayCalendarCreate,
  HolidayCalendarUpdate,
  HolidayCreate,
  HolidayListQuery,
  HolidayUpdate,
} from './holiday-calendars.schemas.js';
import {
  holidayListSpec,
  listHolidays,
  namedListSpec,
  toBreakRegulationType,
  toHoliday,
  toHolidayCalendar,
  type HolidayCalendarRow,
  type HolidayRow,
} from './holiday-calendars.repository.js';

/** Create/update of a row whose `name` is unique in the tenant. */
async function writeNamed(s: Scope, table: RowTable, columns: readonly string[], body: Record<string, unknown>, current?: { id: number }) {
  const errors = new ErrorBag();
  await checkUnique(s, errors, table, 'name', body.name, { exceptId: current ? Number(current.id) : undefined });
  errors.throwIfAny();
  const values = pick(body, columns);
  return current ? updateRow(s.db, table, s.tenantId, Number(current.id), values) : insertRow(s.db, table, s.tenantId, values);
}

async function writeHoliday(s: Scope, calendar: HolidayCalendarRow, body: Record<string, unknown>, current?: HolidayRow) {
  dateValues(body, ['date']);
  const errors = new ErrorBag();
  await checkUnique(s, errors, 'holidays', 'date', body.date, { exceptId: current ? Number(current.id) : undefined, scope: ['holiday_calendar_id', calendar.id], words: 'date of this calendar' });
  errors.throwIfAny();
  const values = pick(body, HOLIDAY_COLUMNS);
  if (current) return updateRow(s.db, 'holidays', s.tenantId, Number(current.id), values);
  return insertRow(s.db, 'holidays', s.tenantId, { half_day: false, ...values, holiday_calendar_id: calendar.id });
}

const listAll = (s: Scope, table: RowTable) => (s.db as any).selectFrom(table).selectAll().where('tenant_id', '=', s.tenantId);

export default async function holidayCalendarRoutes(app: ZkApp) {
  resourceRoutes<undefined, HolidayCalendarRow, unknown>(app, {
    name: 'Holiday calendar',
    plural: 'holiday calendars',
    tags: ['Holiday calendars'],
    path: '/holiday-calendars',
    resource: HolidayCalendar,
    list: { build: (s) => listAll(s, 'holiday_calendars'), spec: namedListSpec },
    find: (s, _p, id) => findRow(s.db, 'holiday_calendars', s.tenantId, 'id', id),
    show: (_s, _p, row) => toHolidayCalendar(row),
    create: { body: HolidayCalendarCreate, run: (s, _p, body) => writeNamed(s, 'holiday_calendars', CALENDAR_COLUMNS, body) as Promise<HolidayCalendarRow> },
    update: { body: HolidayCalendarUpdate, run: (s, _p, row, body) => writeNamed(s, 'holiday_calendars', CALENDAR_COLUMNS, body, row) as Promise<HolidayCalendarRow> },
    remove: async (s, _p, row) => {
      await refuseWhileUsed(s, [{ table: 'regular_working_times', column: 'holiday_calendar_id', what: 'regular working times' }], Number(row.id));
      await deleteRow(s, 'holiday_calendars', Number(row.id));
    },
  });

  resourceRoutes<HolidayCalendarRow, HolidayRow, unknown>(app, {
    name: 'Holiday',
    plural: 'holidays of a calendar',
    tags: ['Holiday calendars'],
    path: '/holiday-calendars/:calendar_id/holidays',
    parentParams: { calendar_id: Type.Integer({ minimum: 1, maximum: MAX_ID }) },
    parent: async (s, params) => {
      const calendar = await findRow(s.db, 'holiday_calendars', s.tenantId, 'id', params.calendar_id);
      if (!calendar) throw notFound('Holiday calendar');
      return calendar;
    },
    resource: Holiday,
    list: { query: HolidayListQuery, build: (s, cal, q) => listHolidays(s.db, s.tenantId, Number(cal.id), q), spec: holidayListSpec },
    find: async (s, cal, id) => listHolidays(s.db, s.tenantId, Number(cal.id)).where('id', '=', id).executeTakeFirst(),
    show: (_s, _p, row) => toHoliday(row),
    create: { body: HolidayCreate, run: (s, cal, body) => writeHoliday(s, cal, body) },
    update: { body: HolidayUpdate, run: (s, cal, row, body) => writeHoliday(s, cal, body, row) },
    remove: (s, _p, row) => deleteRow(s, 'holidays', Number(row.id)),
  });

  resourceRoutes<undefined, Awaited<ReturnType<typeof findRow<'break_regulation_types'>>> & object, unknown>(app, {
    name: 'Break regulation type',
    plural: 'break regulation types',
    tags: ['Holiday calendars'],
    path: '/break-regulation-types',
    resource: BreakRegulationType,
    list: { build: (s) => listAll(s, 'break_regulation_types'), spec: namedListSpec },
    find: (s, _p, id) => findRow(s.db, 'break_regulation_types', s.tenantId, 'id', id),
    show: (_s, _p, row) => toBreakRegulationType(row),
    create: { body: BreakRegulationTypeCreate, run: (s, _p, body) => writeNamed(s, 'break_regulation_types', ['name'], body) as any },
    update: { body: BreakRegulationTypeUpdate, run: (s, _p, row, body) => writeNamed(s, 'break_regulation_types', ['name'], body, row) as any },
    remove: async (s, _p, row) => {
      await refuseWhileUsed(s, [{ table: 'regular_working_times', column: 'break_regulation_type_id', what: 'regular working times' }], Number(row.id));
      await deleteRow(s, 'break_regulation_types', Number(row.id));
    },
  });
}
