// Changing a tenant's booking settings (API and CLI): stored in tenants.settings.booking.
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.js';
import { bookingSettings, type BookingSettingsChanges } from '../../booking/settings.js';
import type { BookingSettings } from '../../booking/facts.js';
import { updateTenant, type Tenant } from '../../tenancy/tenants.js';

export async function updateBookingSettings(
  db: Kysely<DB>,
  tenant: Tenant,
  changes: BookingSettingsChanges,
): Promise<BookingSettings> {
  const next = { ...bookingSettings(tenant), ...changes };
  const updated = await updateTenant(db, tenant.instance, { settings: { booking: next } });
  return bookingSettings(updated);
}
