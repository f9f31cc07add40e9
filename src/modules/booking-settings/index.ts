// The tenant's booking rule settings (additive).
import type { ZkApp } from '../../types.js';
import type { DocsTags } from '../../plugins/docs-groups.js';
import bookingSettingsRoutes from './booking-settings.routes.js';

/** The /docs group of each tag its operations carry. */
export const docsTags: DocsTags = { 'Booking settings': 'time' };

export default async function bookingSettings(app: ZkApp) {
  await app.register(bookingSettingsRoutes);
}
