// The tenant's booking rule settings (additive).
import { type AreaGrants, PROFILES } from '../../access/matrix.js';
import type { ZkApp } from '../../types.js';
import type { DocsTags } from '../../plugins/docs-groups.js';
import bookingSettingsRoutes from './booking-settings.routes.js';

/** The /docs group of each tag its operations carry. */
export const docsTags: DocsTags = { 'Booking settings': 'time' };

/** Who may read and write this area, by role (src/access/matrix.ts, docs/api/permissions.md). */
export const grants: AreaGrants = PROFILES.shared;

export default async function bookingSettings(app: ZkApp) {
  await app.register(bookingSettingsRoutes);
}
