// Rule 3: bookings only within the tenant's recording period (days back and ahead of today).
import { addDays } from '../../values/formats.js';
import type { LockRule } from '../facts.js';

export const RECORDING_PERIOD = 'recording_period';

export const recordingPeriod: LockRule = ({ booking, today, settings }) => {
  const { recording_days_back: back, recording_days_ahead: ahead } = settings;
  if (back !== null && booking.date < addDays(today, -back)) {
    return [
      {
        field: 'date',
        rule: RECORDING_PERIOD,
        message: `The date is outside the recording period: at most ${back} day(s) back (from ${addDays(today, -back)}).`,
      },
    ];
  }
  if (ahead !== null && booking.date > addDays(today, ahead)) {
    return [
      {
        field: 'date',
        rule: RECORDING_PERIOD,
        message: `The date is outside the recording period: at most ${ahead} day(s) ahead (until ${addDays(today, ahead)}).`,
      },
    ];
  }
  return [];
};
