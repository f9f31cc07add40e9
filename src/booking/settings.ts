// Tenant booking settings (issue 6): recording period, non-working-day check, minute grid, duration-only mode.
// Stored in tenants.settings.booking; readable and writable through the API (/booking-settings) and the CLI.
import { Type, type Static } from '@sinclair/typebox';
import type { Kysely } from 'kysely';
import type { DB } from '../db/schema.js';
import { Nullable } from '../http/schemas.js';
import { updateTenant, type Tenant } from '../tenancy/tenants.js';
import { DEFAULT_BOOKING_SETTINGS, type BookingSettings } from './facts.js';

export const BookingSettingsSchema = Type.Object({
  recording_days_back: Nullable(Type.Integer({ minimum: 0, maximum: 36500, description: 'Days before today that may still be booked; null = unlimited.' })),
  recording_days_ahead: Nullable(Type.Integer({ minimum: 0, maximum: 36500, description: 'Days after today that may already be booked; null = unlimited.' })),
  check_non_working_days: Type.Boolean({ description: 'Refuse bookings on non-working days and holidays (default true).' }),
  minute_grid: Nullable(Type.Integer({ enum: [1, 5, 6, 10, 15, 20, 30, 60], description: 'from/to must fall on this minute grid; null = off.' })),
  duration_only: Type.Boolean({ description: 'The tenant records durations only: `duration` is required on bookings.' }),
});

export const BookingSettingsUpdate = Type.Partial(BookingSettingsSchema);
export type BookingSettingsUpdateT = Static<typeof BookingSettingsUpdate>;

export function bookingSettings(tenant: Pick<Tenant, 'settings'>): BookingSettings {
  return { ...DEFAULT_BOOKING_SETTINGS, ...((tenant.settings.booking as Partial<BookingSettings>) ?? {}) };
}

export async function updateBookingSettings(db: Kysely<DB>, tenant: Tenant, changes: BookingSettingsUpdateT): Promise<BookingSettings> {
  const next = { ...bookingSettings(tenant), ...changes };
  const updated = await updateTenant(db, tenant.instance, { settings: { booking: next } });
  return bookingSettings(updated);
}

/** Parse `key=value` pairs of the CLI into a settings update ("null" clears a number). */
export function parseSettingAssignments(pairs: string[]): BookingSettingsUpdateT {
  const out: Record<string, unknown> = {};
  for (const pair of pairs) {
    const eq = pair.indexOf('=');
    if (eq < 1) throw new Error(`expected key=value, got "${pair}"`);
    const key = pair.slice(0, eq);
    const raw = pair.slice(eq + 1);
    if (!(key in BookingSettingsSchema.properties)) throw new Error(`unknown setting "${key}"; settings: ${Object.keys(BookingSettingsSchema.properties).join(', ')}`);
    if (key === 'check_non_working_days' || key === 'duration_only') {
      if (!/^(true|false)$/.test(raw)) throw new Error(`${key} must be true or false`);
      out[key] = raw === 'true';
    } else if (raw === 'null') {
      out[key] = null;
    } else if (/^\d+$/.test(raw)) {
      out[key] = Number(raw);
    } else {
      throw new Error(`${key} must be a whole number or null`);
    }
  }
  if (out.minute_grid !== undefined && out.minute_grid !== null && ![1, 5, 6, 10, 15, 20, 30, 60].includes(out.minute_grid as number)) {
    throw new Error('minute_grid must be one of 1, 5, 6, 10, 15, 20, 30, 60 or null');
  }
  return out as BookingSettingsUpdateT;
}
