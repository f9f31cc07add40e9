// A tenant ready for absences: the booking world (an employee employed since 2020 with a Mon–Fri 8 h schedule and a
// holiday calendar, a bookable project) plus four absence reasons, made through the API.
import assert from 'node:assert/strict';
import type { TestContext } from './app.js';
import { bookingWorld, type World } from './booking-world.js';

export interface AbsenceWorld extends World {
  /** POST /absences for the world's employee with a reason, merged with `over`. */
  absent(over?: Record<string, unknown>): ReturnType<World['c']['post']>;
  /** The same, asserting 201; returns the absence. */
  absence(over?: Record<string, unknown>): Promise<any>;
}

/** UB: annual holiday with approval, half days and hours; KR: sick, no approval, half days and hours; SU: special leave, neither; GZ: flexitime with approval. */
export const REASONS = [
  {
    name: 'UB',
    comment: 'Urlaub|en:Vacation',
    type: 0,
    approve: 1,
    allow_half_day_holiday: 1,
    allow_hours_of_vacation: 1,
  },
  { name: 'KR', comment: 'Krank|en:Sick', type: 1, approve: 0, allow_half_day_holiday: 1, allow_hours_of_vacation: 1 },
  { name: 'SU', comment: 'Sonderurlaub|en:Special leave', type: 1, approve: 0 },
  { name: 'GZ', comment: 'Gleitzeit|en:Flexitime', type: 3, approve: 0, allow_half_day_holiday: 1 },
];

/** German by default: leave application statuses are named as on the live system (beantragt, genehmigt, …). */
export async function absenceWorld(
  t: TestContext,
  opts: Parameters<typeof bookingWorld>[1] = {},
): Promise<AbsenceWorld> {
  const w = await bookingWorld(t, { language: 'de', ...opts });
  for (const reason of REASONS) {
    const r = await w.c.post('/absence-reasons', reason);
    assert.equal(r.status, 201, r.text);
  }
  const absent: AbsenceWorld['absent'] = (over = {}) =>
    w.c.post('/absences', { employee_id: w.employee, absence_reason_id: 'KR', start_date: '2026-03-10', ...over });
  return {
    ...w,
    absent,
    async absence(over = {}) {
      const r = await absent(over);
      assert.equal(r.status, 201, r.text);
      return r.body.data;
    },
  };
}
