// Closed month, approval date, recording period: the lock rules.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { closedMonth } from '../../src/booking/rules/closed-month.js';
import { approvalDate } from '../../src/booking/rules/approval-date.js';
import { recordingPeriod } from '../../src/booking/rules/recording-period.js';
import { facts } from './facts.js';

const rules = (v: { rule: string }[]) => v.map((x) => x.rule);

test('closed month: closed for the whole tenant or for this employee, not for another one', () => {
  assert.deepEqual(rules(closedMonth(facts({ closed_months: [{ month: '2026-03', employee_id: null }] }))), [
    'closed_month',
  ]);
  assert.deepEqual(rules(closedMonth(facts({ closed_months: [{ month: '2026-03', employee_id: 'max' }] }))), [
    'closed_month',
  ]);
  assert.deepEqual(closedMonth(facts({ closed_months: [{ month: '2026-03', employee_id: 'erika' }] })), []);
  assert.deepEqual(closedMonth(facts({ closed_months: [{ month: '2026-02', employee_id: null }] })), []);
});

test('approval date: on or before is refused, the day after is fine', () => {
  assert.equal(approvalDate(facts({ approval_date: '2026-03-10' }))[0]?.field, 'date');
  assert.equal(approvalDate(facts({ approval_date: '2026-03-31' })).length, 1);
  assert.deepEqual(approvalDate(facts({ approval_date: '2026-03-09' })), []);
  assert.deepEqual(approvalDate(facts({ approval_date: null })), []);
});

test('recording period: bounds are inclusive, null is unlimited', () => {
  const s = (back: number | null, ahead: number | null) => ({
    settings: { ...facts().settings, recording_days_back: back, recording_days_ahead: ahead },
  });
  assert.deepEqual(recordingPeriod(facts(s(2, 0))), []); // today 03-12, date 03-10 = exactly 2 back
  assert.equal(recordingPeriod(facts(s(1, 0)))[0]?.rule, 'recording_period');
  assert.deepEqual(recordingPeriod(facts(s(null, 0), { date: '2000-01-01' })), []);
  assert.deepEqual(recordingPeriod(facts(s(null, 3), { date: '2026-03-15' })), []);
  assert.equal(recordingPeriod(facts(s(null, 3), { date: '2026-03-16' })).length, 1);
  assert.equal(recordingPeriod(facts(s(null, 0), { date: '2026-03-13' })).length, 1);
});
