// /holiday-calendars[/{id}], /holiday-calendars/{id}/holidays[/{holiday_id}], /break-regulation-types[/{id}]
// (additive endpoints: "non-working day or holiday" depends on them). Names are unique per tenant, a holiday
// date once per calendar; a calendar or break regulation still used by working times cannot be deleted.
import { Type } from '@sinclair/typebox';
import type { ZkApp } from '../../types.js';
import type { TenantTable } from '../../db/tenant-scope.js';
import { notFound } from '../../values/errors.js';
import { MAX_ID } from '../../http/schemas.js';
import {
  assertUnique,
  dateValues,
  deleteRow,
  findRow,
  insertRow,
  pick,
  refuseWhileUsed,
  resourceRoutes,
  updateRow,
  type Row,
} from '../crud/index.js';
import { type Scope } from '../../tenancy/scope.js';
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
  findHoliday,
  holidayListSpec,
  listBreakRegulationTypes,
  listHolidayCalendars,
  listHolidays,
  namedListSpec,
  toBreakRegulationType,
  toHoliday,
  toHolidayCalendar,
  type HolidayCalendarRow,
  type HolidayRow,
} from './holiday-calendars.repository.js';

/** Create/update of a row whose `name` is unique in the tenant. */
async function writeNamed<T extends TenantTable>(
  s: Scope,
  table: T,
  columns: readonly string[],
  body: Record<string, unknown>,
  current?: { id: number },
): Promise<Row<T>> {
  await assertUnique(s.db, table, 'name', body.name, { exceptId: current ? Number(current.id) : undefined });
  const values = pick(body, columns);
  return current ? updateRow(s.db, table, Number(current.id), values) : insertRow(s.db, table, values);
}

async function writeHoliday(
  s: Scope,
  calendar: HolidayCalendarRow,
  body: Record<string, unknown>,
  current?: HolidayRow,
) {
  dateValues(body, ['date']);
  await assertUnique(s.db, 'holidays', 'date', body.date, {
    exceptId: current ? Number(current.id) : undefined,
    where: { holiday_calendar_id: calendar.id },
    words: 'date of this calendar',
  });
  const values = pick(body, HOLIDAY_COLUMNS);
  if (current) return updateRow(s.db, 'holidays', Number(current.id), values);
  return insertRow(s.db, 'holidays', { half_day: false, ...values, holiday_calendar_id: calendar.id });
}

export default async function holidayCalendarRoutes(app: ZkApp) {
  resourceRoutes(app, {
    name: 'Holiday calendar',
    plural: 'holiday calendars',
    tags: ['Holiday calendars'],
    path: '/holiday-calendars',
    records: { table: 'holiday_calendars' },
    resource: HolidayCalendar,
    repository: {
      list: (s) => listHolidayCalendars(s.db),
      find: (s, id) => findRow(s.db, 'holiday_calendars', 'id', id),
      show: (_s, row) => toHolidayCalendar(row),
      insert: (s, body) => writeNamed(s, 'holiday_calendars', CALENDAR_COLUMNS, body),
      update: (s, row, body) => writeNamed(s, 'holiday_calendars', CALENDAR_COLUMNS, body, row),
    },
    list: { spec: namedListSpec },
    create: { body: HolidayCalendarCreate },
    update: { body: HolidayCalendarUpdate },
    remove: async (s, row) => {
      await refuseWhileUsed(s.db, 'holiday_calendars', row);
      await deleteRow(s.db, 'holiday_calendars', Number(row.id));
    },
  });

  resourceRoutes(app, {
    name: 'Holiday',
    plural: 'holidays of a calendar',
    tags: ['Holiday calendars'],
    path: '/holiday-calendars/:calendar_id/holidays',
    records: { table: 'holidays', key: ['holiday_calendar_id', 'id'] },
    parentParams: { calendar_id: Type.Integer({ minimum: 1, maximum: MAX_ID }) },
    parent: async (s, params) => {
      const calendar = await findRow(s.db, 'holiday_calendars', 'id', params.calendar_id);
      if (!calendar) throw notFound('Holiday calendar');
      return calendar;
    },
    resource: Holiday,
    repository: {
      list: (s, q, cal) => listHolidays(s.db, Number(cal.id), q),
      find: (s, id, cal) => findHoliday(s.db, Number(cal.id), id),
      show: (_s, row) => toHoliday(row),
      insert: (s, body, cal) => writeHoliday(s, cal, body),
      update: (s, row, body, cal) => writeHoliday(s, cal, body, row),
      remove: (s, row) => deleteRow(s.db, 'holidays', Number(row.id)),
    },
    list: { query: HolidayListQuery, spec: holidayListSpec },
    create: { body: HolidayCreate },
    update: { body: HolidayUpdate },
  });

  resourceRoutes(app, {
    name: 'Break regulation type',
    plural: 'break regulation types',
    tags: ['Holiday calendars'],
    path: '/break-regulation-types',
    records: { table: 'break_regulation_types' },
    resource: BreakRegulationType,
    repository: {
      list: (s) => listBreakRegulationTypes(s.db),
      find: (s, id) => findRow(s.db, 'break_regulation_types', 'id', id),
      show: (_s, row) => toBreakRegulationType(row),
      insert: (s, body) => writeNamed(s, 'break_regulation_types', ['name'], body),
      update: (s, row, body) => writeNamed(s, 'break_regulation_types', ['name'], body, row),
    },
    list: { spec: namedListSpec },
    create: { body: BreakRegulationTypeCreate },
    update: { body: BreakRegulationTypeUpdate },
    remove: async (s, row) => {
      await refuseWhileUsed(s.db, 'break_regulation_types', row);
      await deleteRow(s.db, 'break_regulation_types', Number(row.id));
    },
  });
}
