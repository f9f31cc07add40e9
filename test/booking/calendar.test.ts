// The employee calendar (src/booking/calendar.ts): target hours by weekday arithmetic per working-time segment,
// holidays and absences, monthly schedules, working days of an absence. Pure: no database.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { EmployeeCalendar, type AbsenceSpan, type WorkingTimeRecord } from '../../src/booking/calendar.js';
import { datesOf, monthsOf, weekdayCounts } from '../../src/values/dates.js';

const week = (
  hours: number[],
  start_date: string | null = null,
  over: Partial<WorkingTimeRecord> = {},
): WorkingTimeRecord => {
  const days = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'] as const;
  return {
    id: 1,
    start_date,
    hours: Object.fromEntries(days.map((d, i) => [d, hours[i]])) as WorkingTimeRecord['hours'],
    workday: Object.fromEntries(days.map((d, i) => [d, hours[i] > 0])) as WorkingTimeRecord['workday'],
    monthly_hours: null,
    holiday_calendar_id: 1,
    ...over,
  };
};
const absence = (over: Partial<AbsenceSpan>): AbsenceSpan => ({
  id: 1,
  start_date: '2026-03-10',
  end_date: '2026-03-10',
  half_day_from: false,
  half_day_to: false,
  hours: null,
  time_from: null,
  time_to: null,
  approved: true,
  reason_type: 1,
  ...over,
});
const holidays = (entries: [string, boolean][]) =>
  new Map([[1, new Map(entries.map(([date, half_day]) => [date, { name: 'H', half_day }]))]]);
const FULL_TIME = [8, 8, 8, 8, 8, 0, 0];

/** The same target, summed day by day: what the weekday arithmetic must equal. */
const daily = (c: EmployeeCalendar, from: string, to: string) =>
  [...datesOf(from, to)].reduce((h, d) => h + c.targetOn(d), 0);

test('weekday counts and months are computed, not walked; 9999-12-31 ends a range', () => {
  assert.deepEqual(weekdayCounts('2026-03-02', '2026-03-15'), [2, 2, 2, 2, 2, 2, 2]);
  assert.deepEqual(weekdayCounts('2026-03-04', '2026-03-06'), [0, 0, 1, 1, 1, 0, 0]);
  assert.deepEqual(weekdayCounts('2026-03-06', '2026-03-05'), [0, 0, 0, 0, 0, 0, 0]);
  assert.deepEqual(monthsOf('2025-11-15', '2026-02-01'), ['2025-11', '2025-12', '2026-01', '2026-02']);
  assert.deepEqual([...datesOf('9999-12-30', '9999-12-31')], ['9999-12-30', '9999-12-31']);
  assert.deepEqual(monthsOf('9999-12-01', '9999-12-31'), ['9999-12']);
});

test('target hours: weekly hours per segment, the newest record from its start, nothing before the first', () => {
  const c = new EmployeeCalendar(
    'e',
    [week(FULL_TIME, '2026-01-05'), week([6, 6, 6, 6, 6, 0, 0], '2026-03-02', { id: 2 })],
    new Map(),
    [],
  );
  assert.equal(c.targetHours('2026-01-01', '2026-01-04'), 0, 'before the first record');
  assert.equal(c.targetHours('2026-01-05', '2026-01-11'), 40);
  assert.equal(c.targetHours('2026-02-23', '2026-03-08'), 40 + 30);
  assert.equal(c.targetHours('2026-01-01', '2026-12-31'), daily(c, '2026-01-01', '2026-12-31'));
  assert.equal(c.targetHours('2026-03-09', '2026-03-01'), 0, 'an empty range');
});

test('holidays: zero on full days, half on half days; absences: zero, half per half day, less the hours; flexitime counts', () => {
  const c = new EmployeeCalendar(
    'e',
    [week(FULL_TIME)],
    holidays([
      ['2026-03-09', false],
      ['2026-03-10', true],
      ['2026-03-14', false],
    ]),
    [
      absence({ id: 1, start_date: '2026-03-10', end_date: '2026-03-10', half_day_from: true }),
      absence({ id: 2, start_date: '2026-03-11', end_date: '2026-03-12', half_day_to: true }),
      absence({ id: 3, start_date: '2026-03-13', end_date: '2026-03-13', hours: 3 }),
      absence({ id: 4, start_date: '2026-03-16', end_date: '2026-03-16', reason_type: 3 }),
      absence({ id: 5, start_date: '2026-03-17', end_date: '2026-03-17', approved: false }),
    ],
  );
  assert.deepEqual(
    [
      '2026-03-09',
      '2026-03-10',
      '2026-03-11',
      '2026-03-12',
      '2026-03-13',
      '2026-03-14',
      '2026-03-16',
      '2026-03-17',
    ].map((d) => c.targetOn(d)),
    [0, 0, 0, 4, 5, 0, 8, 8],
  );
  assert.equal(c.targetHours('2026-03-09', '2026-03-17'), 0 + 0 + 0 + 4 + 5 + 8 + 8);
  assert.deepEqual(c.day('2026-03-11').absence, { full: true, half_days: 0, hours: 0 });
  assert.deepEqual(
    c.day('2026-03-16').absence,
    { full: true, half_days: 0, hours: 0 },
    'a flexitime day is a day away',
  );
  assert.equal(c.day('2026-03-17').absence, null, 'not approved');
  assert.deepEqual(
    [...c.absencesIn('2026-03-12', '2026-03-13').entries()],
    [
      ['2026-03-12', { full: false, half_days: 1, hours: 0 }],
      ['2026-03-13', { full: false, half_days: 0, hours: 3 }],
    ],
  );
});

test("monthly schedules spread the month's hours over its working weekdays", () => {
  const c = new EmployeeCalendar('e', [week(FULL_TIME, null, { monthly_hours: 154 })], new Map(), []);
  // March 2026 has 22 weekdays: 7 h each.
  assert.equal(c.scheduledHours('2026-03-02'), 7);
  assert.equal(c.scheduledHours('2026-03-07'), 0);
  assert.equal(c.targetHours('2026-03-01', '2026-03-31'), 154);
  assert.equal(c.targetHours('2026-02-01', '2026-04-30'), 154 * 3);
  assert.equal(c.targetHours('2026-03-16', '2026-04-12'), daily(c, '2026-03-16', '2026-04-12'));
});

test("working days of an absence: weekends and holidays out, half-day holidays and half days 0.5, hours over the day's hours", () => {
  const c = new EmployeeCalendar(
    'e',
    [week(FULL_TIME)],
    holidays([
      ['2026-12-24', true],
      ['2026-12-25', false],
    ]),
    [],
  );
  assert.equal(c.absenceDays(absence({ start_date: '2026-12-21', end_date: '2026-12-27' })), 3.5);
  assert.equal(
    c.absenceDays(absence({ start_date: '2026-12-21', end_date: '2026-12-27' }), '2026-12-23', '2026-12-31'),
    1.5,
    'clipped to a window',
  );
  assert.equal(c.absenceDays(absence({ start_date: '2026-12-24', end_date: '2026-12-24', half_day_from: true })), 0.5);
  assert.equal(c.absenceDays(absence({ hours: 2 })), 0.25);
  const none = new EmployeeCalendar('e', [], new Map(), []);
  assert.equal(
    none.absenceDays(absence({ start_date: '2026-03-09', end_date: '2026-03-15' })),
    7,
    'without a working time every day counts',
  );
});
