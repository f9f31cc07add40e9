// Holiday calendars and their holidays, break regulation types (additive endpoints; the calendar and break
// regulation objects embedded in regular working times, docs/api/people.md).
import { Type, type Static } from '@sinclair/typebox';
import { DateOnly, DateTimeOut, Nullable, Opt, DateIn, RecordAuthors } from '../../http/schemas.js';
import { listQuery } from '../../http/list/index.js';

export const HolidayCalendar = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  note: Nullable(Type.String()),
  country: Nullable(Type.String()),
  region: Nullable(Type.String()),
  created: Nullable(DateTimeOut()),
  modified: Nullable(DateTimeOut()),
  ...RecordAuthors,
});
export type HolidayCalendarT = Static<typeof HolidayCalendar>;
const calendarFields = {
  note: Opt(Type.String({ maxLength: 1000 })),
  country: Opt(Type.String({ maxLength: 255 })),
  region: Opt(Type.String({ maxLength: 255 })),
};
export const HolidayCalendarCreate = Type.Object({
  name: Type.String({ minLength: 1, maxLength: 255 }),
  ...calendarFields,
});
export const HolidayCalendarUpdate = Type.Object({
  name: Type.Optional(Type.String({ minLength: 1, maxLength: 255 })),
  ...calendarFields,
});
export const CALENDAR_COLUMNS = ['name', 'note', 'country', 'region'] as const;

export const Holiday = Type.Object({
  id: Type.Integer(),
  holiday_calendar_id: Type.Integer(),
  date: DateTimeOut(),
  name: Type.String(),
  half_day: Type.Boolean(),
  created: Nullable(DateTimeOut()),
  modified: Nullable(DateTimeOut()),
  ...RecordAuthors,
});
export type HolidayT = Static<typeof Holiday>;
export const HolidayCreate = Type.Object({
  date: DateIn(),
  name: Type.String({ minLength: 1, maxLength: 255 }),
  half_day: Type.Optional(Type.Boolean()),
});
export const HolidayUpdate = Type.Object({
  date: Type.Optional(DateIn()),
  name: Type.Optional(Type.String({ minLength: 1, maxLength: 255 })),
  half_day: Type.Optional(Type.Boolean()),
});
export const HOLIDAY_COLUMNS = ['date', 'name', 'half_day'] as const;
export const HolidayListQuery = listQuery({
  start_date: Type.Optional(DateOnly({ description: 'Holidays on or after this date.' })),
  end_date: Type.Optional(DateOnly({ description: 'Holidays on or before this date.' })),
});

export const BreakRegulationType = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  created: Nullable(DateTimeOut()),
  modified: Nullable(DateTimeOut()),
  ...RecordAuthors,
});
export type BreakRegulationTypeT = Static<typeof BreakRegulationType>;
export const BreakRegulationTypeCreate = Type.Object({ name: Type.String({ minLength: 1, maxLength: 255 }) });
export const BreakRegulationTypeUpdate = Type.Object({
  name: Type.Optional(Type.String({ minLength: 1, maxLength: 255 })),
});
