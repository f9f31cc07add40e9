// `zeitkonto settings <instance> [key=value ...]`: show or change the tenant's booking rule settings.
import { bookingSettings, parseSettingAssignments } from '../../booking/settings.js';
import { updateBookingSettings } from '../../modules/booking-settings/booking-settings.service.js';
import { findTenant } from '../../tenancy/tenants.js';
import { withDatabase, type Command } from '../io.js';

export const settingsCommand: Command = {
  name: 'settings',
  usage: [
    'settings <instance> [key=value ...]          Show or change booking settings (recording_days_back, recording_days_ahead,',
    '                                        check_non_working_days, minute_grid, duration_only, check_absences;',
    '                                        "null" clears a number).',
  ],
  async run(config, args, io) {
    if (args.length < 1 || args[0].startsWith('-')) {
      io.err('zeitkonto: settings needs an instance: zeitkonto settings <instance> [key=value ...]');
      return 2;
    }
    let changes;
    try {
      changes = parseSettingAssignments(args.slice(1));
    } catch (e) {
      io.err(`zeitkonto: ${(e as Error).message}`);
      return 2;
    }
    return withDatabase(config, async (database) => {
      const tenant = await findTenant(database.db, args[0]);
      if (!tenant) {
        io.err(`zeitkonto: tenant "${args[0]}" does not exist`);
        return 1;
      }
      const settings = Object.keys(changes).length
        ? await updateBookingSettings(database.db, tenant, changes)
        : bookingSettings(tenant);
      for (const [k, v] of Object.entries(settings)) io.out(`${k}=${v}`);
      return 0;
    });
  },
};
