// Rule 8: no two bookings of one employee may overlap. A booking ending at 00:00 ends at the start of the next
// day; touching bookings do not overlap; the booking itself is excluded on PATCH (contract rule 5).
import { overlaps, spanOf } from '../time.js';
import type { Rule } from '../facts.js';

export const OVERLAP = 'overlap';

export const overlap: Rule = ({ booking, overlapping }) => {
  const mine = spanOf(booking.date, booking.from, booking.to);
  const clash = overlapping.find((o) => o.id !== booking.id && overlaps(mine, spanOf(o.date, o.from, o.to)));
  return clash
    ? [
        {
          field: 'from',
          rule: OVERLAP,
          message: `The booking overlaps booking ${clash.id} of ${booking.employee_id} on ${clash.date} (${clash.from}–${clash.to}).`,
        },
      ]
    : [];
};
