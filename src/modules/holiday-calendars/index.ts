// Holiday calendars with their holidays, and break regulation types.
import { type AreaGrants, PROFILES } from '../../access/matrix.js';
import type { ZkApp } from '../../types.js';
import type { DocsTags } from '../../plugins/docs-groups.js';
import holidayCalendarRoutes from './holiday-calendars.routes.js';

export { examples } from './holiday-calendars.examples.js';
export { demo } from './holiday-calendars.demo.js';

/** The /docs group of each tag its operations carry. */
export const docsTags: DocsTags = { 'Holiday calendars': 'organisation' };

/** Who may read and write this area, by role (src/access/matrix.ts, docs/api/permissions.md). */
export const grants: AreaGrants = PROFILES.shared;

export default async function holidayCalendars(app: ZkApp) {
  await app.register(holidayCalendarRoutes);
}
