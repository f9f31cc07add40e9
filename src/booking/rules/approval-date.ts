// Rule 2: no booking on or before the employee's approval date (times up to it are approved and locked).
import type { LockRule } from '../facts.js';

export const APPROVAL_DATE = 'approval_date';

export const approvalDate: LockRule = ({ booking, approval_date }) =>
  approval_date !== null && booking.date <= approval_date
    ? [
        {
          field: 'date',
          rule: APPROVAL_DATE,
          message: `The date must be after the approval date ${approval_date}: times up to it are approved and locked.`,
        },
      ]
    : [];
