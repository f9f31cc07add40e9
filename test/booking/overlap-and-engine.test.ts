// Overlap (midnight cases) and the engine reporting every violation at once.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { overlap } from '../../src/booking/rules/overlap.js';
import { evaluate } from '../../src/booking/engine.js';
import { violationsError } from '../../src/values/errors.js';
import { facts } from './facts.js';

test('22:00-00:00 next to 00:00-01:00 the next day does not overlap', () => {
  const f = facts(
    { overlapping: [{ id: 7, date: '2026-03-11', from: '00:00:00', to: '01:00:00' }] },
    { from: '22:00:00', to: '00:00:00' },
  );
  assert.deepEqual(overlap(f), []);
});

test('23:00-00:00 against 22:00-00:00 on the same day overlaps (double booking across midnight)', () => {
  const f = facts(
    { overlapping: [{ id: 7, date: '2026-03-10', from: '22:00:00', to: '00:00:00' }] },
    { from: '23:00:00', to: '00:00:00' },
  );
  assert.equal(overlap(f)[0]?.rule, 'overlap');
});

test('a booking running into the next day collides with an early booking there', () => {
  const f = facts(
    { overlapping: [{ id: 7, date: '2026-03-11', from: '00:00:00', to: '01:00:00' }] },
    { date: '2026-03-11', from: '00:30:00', to: '02:00:00' },
  );
  assert.equal(overlap(f).length, 1);
});

test('touching bookings do not overlap, and the booking itself is excluded (PATCH)', () => {
  assert.deepEqual(
    overlap(facts({ overlapping: [{ id: 7, date: '2026-03-10', from: '12:00:00', to: '13:00:00' }] })),
    [],
  );
  assert.deepEqual(
    overlap(facts({ overlapping: [{ id: 7, date: '2026-03-10', from: '09:00:00', to: '12:00:00' }] }, { id: 7 })),
    [],
  );
});

test('the engine reports all violations at once with field messages and rule codes', () => {
  const f = facts({
    approval_date: '2026-03-31',
    employment_periods: [],
    overlapping: [{ id: 9, date: '2026-03-10', from: '10:00:00', to: '11:00:00' }],
  });
  const violations = evaluate(f);
  assert.deepEqual(violations.map((v) => v.rule).sort(), ['approval_date', 'employment_period', 'overlap']);
  const err = violationsError(violations);
  assert.equal(err.statusCode, 422);
  assert.deepEqual(Object.keys(err.errors!).sort(), ['date', 'from']);
  assert.equal(err.errors!.date.length, 2);
  assert.equal((err.extra!.violations as unknown[]).length, 3);
});
