// Wire and storage forms of plain values (src/values/formats.ts) and the list filter timestamp parser, edge cases.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import {
  addDays,
  decimalText,
  inTime,
  isValidDate,
  nowTimestamp,
  outDate,
  outTime,
  outTimestamp,
  parseFilterTimestamp,
  toBool,
  today,
} from '../../src/values/formats.js';

test('outTimestamp: storage timestamp -> YYYY-MM-DDTHH:MM:SS.000000Z; empty -> null', () => {
  assert.equal(outTimestamp('2023-07-31 15:39:38'), '2023-07-31T15:39:38.000000Z');
  assert.equal(outTimestamp('2023-07-31T15:39:38'), '2023-07-31T15:39:38.000000Z');
  for (const v of [null, undefined, '']) assert.equal(outTimestamp(v), null);
});

test('outDate: a date-only value typed date-time -> midnight with six zero digits; a time part is dropped', () => {
  assert.equal(outDate('2023-07-31'), '2023-07-31T00:00:00.000000Z');
  assert.equal(outDate('2023-07-31 13:00:00'), '2023-07-31T00:00:00.000000Z');
  for (const v of [null, undefined, '']) assert.equal(outDate(v), null);
});

test('outTime / inTime: always HH:MM:SS', () => {
  assert.equal(outTime('12:38'), '12:38:00');
  assert.equal(outTime('12:38:05'), '12:38:05');
  assert.equal(outTime('12:38:05.123456'), '12:38:05');
  assert.equal(outTime(null), null);
  assert.equal(inTime('09:00'), '09:00:00');
  assert.equal(inTime('09:00:30'), '09:00:30');
});

test('nowTimestamp / today: UTC storage forms', () => {
  const d = new Date(Date.UTC(2024, 1, 29, 23, 59, 58, 999));
  assert.equal(nowTimestamp(d), '2024-02-29 23:59:58');
  assert.equal(today(d), '2024-02-29');
});

test('toBool and decimalText', () => {
  assert.deepEqual(
    [toBool(1), toBool(0), toBool(true), toBool(false), toBool('1'), toBool(null), toBool(undefined)],
    [true, false, true, false, true, null, null],
  );
  assert.equal(decimalText(19, 4), '19.0000');
  assert.equal(decimalText(0.125, 2), '0.13');
  assert.equal(decimalText(null, 2), null);
});

test('isValidDate and addDays respect the calendar', () => {
  assert.ok(isValidDate('2024-02-29'));
  for (const v of ['2023-02-29', '2024-13-01', '2024-00-10', '2024-1-1', '2024-01-01T00:00:00', ''])
    assert.equal(isValidDate(v), false, v);
  assert.equal(addDays('2024-02-28', 1), '2024-02-29');
  assert.equal(addDays('2024-12-31', 1), '2025-01-01');
  assert.equal(addDays('2024-03-01', -1), '2024-02-29');
});

test('parseFilterTimestamp: ISO 8601 and Y-m-d H:i:s, converted to UTC storage form', () => {
  const cases: [string, string][] = [
    ['2024-01-01 10:00:00', '2024-01-01 10:00:00'],
    ['2024-01-01T10:00:00Z', '2024-01-01 10:00:00'],
    ['2024-01-01t10:00:00z', '2024-01-01 10:00:00'],
    ['2024-01-01T10:00:00.999999Z', '2024-01-01 10:00:00'],
    ['2024-01-01T10:00', '2024-01-01 10:00:00'],
    ['2024-01-01', '2024-01-01 00:00:00'],
    [' 2024-01-01 ', '2024-01-01 00:00:00'],
    ['2024-01-01T12:00:00+02:00', '2024-01-01 10:00:00'],
    ['2024-01-01T12:00:00+0200', '2024-01-01 10:00:00'],
    ['2024-01-01T12:00:00+02', '2024-01-01 10:00:00'],
    ['2024-01-01T01:00:00+02:00', '2023-12-31 23:00:00'],
    ['2023-12-31T23:30:00-01:00', '2024-01-01 00:30:00'],
    ['2024-01-01T10:00:00+05:30', '2024-01-01 04:30:00'],
    ['2024-02-29 00:00:00', '2024-02-29 00:00:00'],
  ];
  for (const [input, expected] of cases) assert.equal(parseFilterTimestamp(input), expected, input);
});

test('parseFilterTimestamp: anything else is null (-> 422)', () => {
  for (const v of [
    '',
    'yesterday',
    'now',
    '2024-13-01',
    '2023-02-29',
    '2024-01-32',
    '2024-01-01T24:00:00Z',
    '2024-01-01T23:60:00Z',
    '2024-01-01T23:59:60Z',
    '2024-01-01T10',
    '2024-01-01T10:00:00+24:00',
    '2024-01-01T10:00:00+02:60',
    '2024-01-01T10:00:00+99:99',
    '01.02.2024',
    '2024/01/01',
    '1704103200',
    '2024-01-01T10:00:00 02:00',
  ]) {
    assert.equal(parseFilterTimestamp(v), null, JSON.stringify(v));
  }
});
