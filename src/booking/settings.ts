// Tenant booking settings: recording period, non-working-day check, minute grid, duration-only mode,
// absence check.
// Stored in tenants.settings.booking; readable and writable through the API (/booking-settings) and the CLI.
import type { Tenant } from '../tenancy/tenants.js';
import { DEFAULT_BOOKING_SETTINGS, type BookingSettings } from './facts.js';

/** Settings to change (the others keep their value). */
export type BookingSettingsChanges = Partial<BookingSettings>;

const MINUTE_GRIDS = [1, 5, 6, 10, 15, 20, 30, 60];
const BOOLEAN_SETTINGS = Object.keys(DEFAULT_BOOKING_SETTINGS).filter(
  (k) => typeof DEFAULT_BOOKING_SETTINGS[k as keyof BookingSettings] === 'boolean',
);

export function bookingSettings(tenant: Pick<Tenant, 'settings'>): BookingSettings {
  return { ...DEFAULT_BOOKING_SETTINGS, ...((tenant.settings.booking as Partial<BookingSettings>) ?? {}) };
}

/** Parse `key=value` pairs of the CLI into a settings update ("null" clears a number). */
export function parseSettingAssignments(pairs: string[]): BookingSettingsChanges {
  const out: Record<string, unknown> = {};
  for (const pair of pairs) {
    const eq = pair.indexOf('=');
    if (eq < 1) throw new Error(`expected key=value, got "${pair}"`);
    const key = pair.slice(0, eq);
    const raw = pair.slice(eq + 1);
    if (!(key in DEFAULT_BOOKING_SETTINGS))
      throw new Error(`unknown setting "${key}"; settings: ${Object.keys(DEFAULT_BOOKING_SETTINGS).join(', ')}`);
    if (BOOLEAN_SETTINGS.includes(key)) {
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
  if (out.minute_grid !== undefined && out.minute_grid !== null && !MINUTE_GRIDS.includes(out.minute_grid as number)) {
    throw new Error('minute_grid must be one of 1, 5, 6, 10, 15, 20, 30, 60 or null');
  }
  return out as BookingSettingsChanges;
}
