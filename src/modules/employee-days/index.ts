// An employee's days (zeitkonto extension): what a booking screen shows beside the bookings, in one request
// (docs/api/attendances.md "An employee's days").
import { type AreaGrants, PROFILES } from '../../access/matrix.js';
import type { AreaRows } from '../../access/rows.js';
import type { DocsTags } from '../../plugins/docs-groups.js';
import type { ZkApp } from '../../types.js';
import employeeDayRoutes from './employee-days.routes.js';

/** The /docs group of each tag its operations carry (the Attendances tag is the attendances module's too). */
export const docsTags: DocsTags = { Attendances: 'time' };

/** The rows a person with a narrower grant than all reaches (access/rows.ts, docs/api/permissions.md). */
export const rowRules: AreaRows = { own: { param: 'username' } };

/** Who may read this area, by role: people their own days, controllers and administrators everyone's. */
export const grants: AreaGrants = PROFILES.ownReadOnly;

export default async function employeeDays(app: ZkApp) {
  await app.register(employeeDayRoutes);
}
