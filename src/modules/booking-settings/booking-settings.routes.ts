// GET /booking-settings, PATCH/PUT /booking-settings: the tenant's booking rule settings (additive).
import type { ZkApp } from '../../types.js';
import { Single, responses } from '../../http/schemas.js';
import { bookingSettings } from '../../booking/settings.js';
import { BookingSettingsSchema, BookingSettingsUpdate } from './booking-settings.schemas.js';
import { updateBookingSettings } from './booking-settings.service.js';
import { requestedChanges } from '../../http/round-trip.js';

const tags = ['Booking settings'];

export default async function bookingSettingsRoutes(app: ZkApp) {
  app.get(
    '/booking-settings',
    {
      schema: {
        summary: "The tenant's booking rule settings",
        tags,
        response: responses({ 200: Single(BookingSettingsSchema) }),
      },
    },
    async (req) => ({ data: bookingSettings(req.tenant) }),
  );
  app.route({
    method: ['PATCH', 'PUT'],
    url: '/booking-settings',
    schema: {
      summary: 'Change booking rule settings (only submitted fields change)',
      tags,
      body: BookingSettingsUpdate,
      response: responses({ 200: Single(BookingSettingsSchema) }, { write: true }),
    },
    handler: async (req) => {
      // Fields sent as the settings read change nothing (http/round-trip.ts).
      const changes = requestedChanges<typeof req.body>(req, bookingSettings(req.tenant), BookingSettingsUpdate);
      return {
        data: changes ? await updateBookingSettings(req.db.kysely, req.tenant, changes) : bookingSettings(req.tenant),
      };
    },
  });
}
