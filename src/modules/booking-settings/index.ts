// The tenant's booking rule settings (additive).
import type { ZkApp } from '../../types.js';
import bookingSettingsRoutes from './booking-settings.routes.js';

export default async function bookingSettings(app: ZkApp) {
  await app.register(bookingSettingsRoutes);
}
