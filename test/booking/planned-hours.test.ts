// Every plan_can_exceed value against billable / non-billable / travel bookings.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { PlanExceed } from '../../src/booking/facts.js';
import { mayExceed, plannedHours } from '../../src/booking/rules/planned-hours.js';
import { facts, plan } from './facts.js';

const kinds = {
  billable: { billable: true, is_travel: false },
  nonBillable: { billable: false, is_travel: false },
  travel: { billable: true, is_travel: true },
};

test('mayExceed implements the five settings exactly', () => {
  const table: [PlanExceed, boolean, boolean, boolean][] = [
    // setting, billable, non-billable, billable travel
    [PlanExceed.All, true, true, true],
    [PlanExceed.OnlyNonBillable, false, true, false],
    [PlanExceed.None, false, false, false],
    [PlanExceed.TravelOrNonBillable, false, true, true],
    [PlanExceed.OnlyTravel, false, false, true],
  ];
  for (const [setting, b, nb, tr] of table) {
    assert.equal(mayExceed(setting, kinds.billable), b, `setting ${setting} billable`);
    assert.equal(mayExceed(setting, kinds.nonBillable), nb, `setting ${setting} non-billable`);
    assert.equal(mayExceed(setting, kinds.travel), tr, `setting ${setting} travel`);
  }
});

test('a booking that fits the plan exactly is fine; one minute more is refused (setting 2)', () => {
  const project = {
    ...plan({ planned_hours: 10, booked_hours: 7, exceed: PlanExceed.None }),
    bookable: true,
    status: 'aktiv',
  };
  assert.deepEqual(plannedHours(facts({ project }, { duration: 3 })), []);
  const v = plannedHours(facts({ project }, { duration: 3 + 1 / 60 }));
  assert.deepEqual(
    v.map((x) => [x.field, x.rule]),
    [['project_id', 'planned_hours']],
  );
});

test('no plan (null or 0) never blocks', () => {
  for (const planned_hours of [null, 0]) {
    const project = {
      ...plan({ planned_hours, booked_hours: 100, exceed: PlanExceed.None }),
      bookable: true,
      status: 'aktiv',
    };
    assert.deepEqual(plannedHours(facts({ project })), []);
  }
});

test('task, ticket and subtask plans are checked and blamed on their own fields', () => {
  const full = plan({ planned_hours: 1, booked_hours: 1, exceed: PlanExceed.None });
  const v = plannedHours(facts({ task: full, ticket: full, subtask: full }));
  assert.deepEqual(
    v.map((x) => x.field),
    ['project_task_id', 'ticket_id', 'subtask_id'],
  );
});
