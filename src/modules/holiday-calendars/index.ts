// Holiday calendars with their holidays, and break regulation types.
import type { ZkApp } from '../../types.js';
import holidayCalendarRoutes from './holiday-calendars.routes.js';

export default async function holidayCalendars(app: ZkApp) {
  await app.register(holidayCalendarRoutes);
}
