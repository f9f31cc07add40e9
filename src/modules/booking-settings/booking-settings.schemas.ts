// The tenant's booking rule settings as the API shows and takes them (/booking-settings).
import { Type, type Static } from '@sinclair/typebox';
import { Nullable } from '../../http/schemas.js';

export const BookingSettingsSchema = Type.Object({
  recording_days_back: Nullable(
    Type.Integer({
      minimum: 0,
      maximum: 36500,
      description: 'Days before today that may still be booked; null = unlimited.',
    }),
  ),
  recording_days_ahead: Nullable(
    Type.Integer({
      minimum: 0,
      maximum: 36500,
      description: 'Days after today that may already be booked; null = unlimited.',
    }),
  ),
  check_non_working_days: Type.Boolean({
    description: 'Refuse bookings on non-working days and holidays (default true).',
  }),
  minute_grid: Nullable(
    Type.Integer({
      enum: [1, 5, 6, 10, 15, 20, 30, 60],
      description: 'from/to must fall on this minute grid; null = off.',
    }),
  ),
  duration_only: Type.Boolean({
    description: 'The tenant records durations only: `duration` is required on bookings.',
  }),
  check_absences: Type.Boolean({
    description: 'Refuse bookings on days of an approved full-day absence (default true).',
  }),
});

export const BookingSettingsUpdate = Type.Partial(BookingSettingsSchema);
export type BookingSettingsUpdateT = Static<typeof BookingSettingsUpdate>;
