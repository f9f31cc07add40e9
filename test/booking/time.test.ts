import assert from 'node:assert/strict';
import { test } from 'node:test';
import { durationHours, endDateOf, endsAfterStart, overlaps, spanOf } from '../../src/booking/time.js';

test('a booking ending at 00:00 ends on the next calendar day', () => {
  assert.equal(endDateOf('2026-12-31', '00:00:00'), '2027-01-01');
  assert.equal(endDateOf('2026-02-28', '23:00:00'), '2026-02-28');
  assert.deepEqual(spanOf('2026-02-28', '22:00:00', '00:00:00'), {
    start: '2026-02-28 22:00:00',
    end: '2026-03-01 00:00:00',
  });
});

test('duration is derived from from/to in hours, 00:00 counting as 24:00', () => {
  assert.equal(durationHours('09:00:00', '17:30:00'), 8.5);
  assert.equal(durationHours('22:00:00', '00:00:00'), 2);
  assert.equal(durationHours('12:38:00', '17:39:00'), 5.0166666667);
  assert.equal(durationHours('00:00:00', '00:00:00'), 24);
});

test('to must be after from, except 00:00', () => {
  assert.equal(endsAfterStart('09:00:00', '09:00:00'), false);
  assert.equal(endsAfterStart('10:00:00', '09:00:00'), false);
  assert.equal(endsAfterStart('23:00:00', '00:00:00'), true);
});

test('touching intervals do not overlap; intersecting ones do', () => {
  const a = spanOf('2026-03-10', '22:00:00', '00:00:00');
  assert.equal(overlaps(a, spanOf('2026-03-11', '00:00:00', '01:00:00')), false);
  assert.equal(overlaps(a, spanOf('2026-03-10', '23:00:00', '00:00:00')), true);
  assert.equal(
    overlaps(spanOf('2026-03-10', '09:00:00', '10:00:00'), spanOf('2026-03-10', '10:00:00', '11:00:00')),
    false,
  );
});
