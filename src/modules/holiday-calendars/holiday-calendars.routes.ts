// /holiday-calendars[/{id}], /holiday-calendars/{id}/holidays[/{holiday_id}], /break-regulation-types[/{id}]
// (additive endpoints: "non-working day or holiday" depends on them). Names are unique per tenant, a holiday
// date once per calendar; a calendar or break regulation still used by working times cannot be deleted.
import { Type } from '@sinclair/typebox';
import type { ZkApp } from '../../types.js';
import { notFound } from '../../values/errors.js';
import { MAX_ID } from '../../http/schemas.js';
import { deleteRow, findRow, refuseWhileUsed, resourceRoutes } from '../crud/index.js';
import {
  BreakRegulationType,
  BreakRegulationTypeCreate,
  BreakRegulationTypeUpdate,
  Holiday,
  HolidayCalendar,
  HolidayCalendarCreate,
  HolidayCalendarUpdate,
  HolidayCreate,
  HolidayListQuery,
  HolidayUpdate,
} from './holiday-calendars.schemas.js';
import { holidayListSpec, namedListSpec } from './holiday-calendars.repository.js';
import { breakRegulationTypes, holidayCalendars, holidays } from './holiday-calendars.service.js';

export default async function holidayCalendarRoutes(app: ZkApp) {
  resourceRoutes(app, {
    name: 'Holiday calendar',
    plural: 'holiday calendars',
    tags: ['Holiday calendars'],
    path: '/holiday-calendars',
    records: { table: 'holiday_calendars' },
    resource: HolidayCalendar,
    repository: holidayCalendars,
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
    repository: holidays,
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
    repository: breakRegulationTypes,
    list: { spec: namedListSpec },
    create: { body: BreakRegulationTypeCreate },
    update: { body: BreakRegulationTypeUpdate },
    remove: async (s, row) => {
      await refuseWhileUsed(s.db, 'break_regulation_types', row);
      await deleteRow(s.db, 'break_regulation_types', Number(row.id));
    },
  });
}
