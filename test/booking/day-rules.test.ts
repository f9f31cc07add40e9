// Non-working day or holiday, absence, employment period, runtimes, bookable status, minute grid.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { nonWorkingDay } from '../../src/booking/rules/non-working-day.js';
import { employmentPeriod } from '../../src/booking/rules/employment-period.js';
import { projectBookable, runtime } from '../../src/booking/rules/runtime.js';
import { minuteGrid } from '../../src/booking/rules/minute-grid.js';
import { absence } from '../../src/booking/rules/absence.js';
import { facts, plan } from './facts.js';

test('non-working day and full-day holiday are refused; half-day holidays and unknown schedules are not', () => {
  assert.equal(
    nonWorkingDay(facts({ working_day: { weekday_is_workday: false, hours: 0, holiday: null, absence: null } }))[0]
      ?.rule,
    'non_working_day',
  );
  assert.equal(
    nonWorkingDay(
      facts({
        working_day: {
          weekday_is_workday: true,
          hours: 8,
          holiday: { name: 'Neujahr', half_day: false },
          absence: null,
        },
      }),
    ).length,
    1,
  );
  assert.deepEqual(
    nonWorkingDay(
      facts({
        working_day: {
          weekday_is_workday: true,
          hours: 8,
          holiday: { name: 'Heiligabend', half_day: true },
          absence: null,
        },
      }),
    ),
    [],
  );
  assert.deepEqual(
    nonWorkingDay(facts({ working_day: { weekday_is_workday: null, hours: null, holiday: null, absence: null } })),
    [],
  );
});

test('non-working day check is switchable per tenant', () => {
  const off = facts({ working_day: { weekday_is_workday: false, hours: 0, holiday: null, absence: null } });
  off.settings.check_non_working_days = false;
  assert.deepEqual(nonWorkingDay(off), []);
});

test('employment period: open start and open end count as open; no period means not employed', () => {
  assert.deepEqual(employmentPeriod(facts({ employment_periods: [{ start_date: null, end_date: null }] })), []);
  assert.deepEqual(
    employmentPeriod(facts({ employment_periods: [{ start_date: '2026-03-10', end_date: '2026-03-10' }] })),
    [],
  );
  assert.equal(
    employmentPeriod(facts({ employment_periods: [{ start_date: '2026-03-11', end_date: null }] }))[0]?.rule,
    'employment_period',
  );
  assert.equal(
    employmentPeriod(facts({ employment_periods: [{ start_date: null, end_date: '2026-03-09' }] })).length,
    1,
  );
  assert.equal(employmentPeriod(facts({ employment_periods: [] })).length, 1);
  assert.deepEqual(
    employmentPeriod(
      facts({
        employment_periods: [
          { start_date: '2020-01-01', end_date: '2021-01-01' },
          { start_date: '2026-01-01', end_date: null },
        ],
      }),
    ),
    [],
  );
});

test('runtime of project, task, ticket and subtask, each blamed on its own field', () => {
  const f = facts({
    project: { ...plan({ start_date: '2026-04-01' }), bookable: true, status: 'aktiv' },
    task: plan({ end_date: '2026-03-09' }),
    ticket: plan({ start_date: '2026-03-10', end_date: '2026-03-10' }),
    subtask: plan({ start_date: '2026-03-11' }),
  });
  assert.deepEqual(
    runtime(f).map((v) => v.field),
    ['project_id', 'project_task_id', 'subtask_id'],
  );
});

test('a project whose status is not bookable is refused', () => {
  assert.equal(
    projectBookable(facts({ project: { ...plan(), bookable: false, status: 'abgeschlossen' } }))[0]?.rule,
    'project_not_bookable',
  );
  assert.deepEqual(projectBookable(facts()), []);
});

test('minute grid: off by default; with 15, 09:07 and 12:00:30 are refused', () => {
  assert.deepEqual(minuteGrid(facts({}, { from: '09:07:00' })), []);
  const f = facts({}, { from: '09:07:00', to: '12:00:30' });
  f.settings.minute_grid = 15;
  assert.deepEqual(
    minuteGrid(f).map((v) => v.field),
    ['from', 'to'],
  );
  const ok = facts({}, { from: '09:15:00', to: '00:00:00' });
  ok.settings.minute_grid = 15;
  assert.deepEqual(minuteGrid(ok), []);
});

test('an approved full-day absence blocks the day; half days, hours and the switched-off check do not', () => {
  const day = (absence: { full: boolean; half_days: number; hours: number } | null) =>
    facts({ working_day: { weekday_is_workday: true, hours: 8, holiday: null, absence } });
  assert.equal(absence(day({ full: true, half_days: 0, hours: 0 }))[0]?.rule, 'absence');
  assert.equal(absence(day({ full: true, half_days: 0, hours: 0 }))[0]?.field, 'date');
  assert.deepEqual(absence(day({ full: false, half_days: 2, hours: 3 })), []);
  assert.deepEqual(absence(day(null)), []);
  const off = day({ full: true, half_days: 0, hours: 0 });
  off.settings.check_absences = false;
  assert.deepEqual(absence(off), []);
});
