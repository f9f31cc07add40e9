// Regular working times of employees (docs/api/people.md).
import { type AreaGrants, PROFILES } from '../../access/matrix.js';
import type { ZkApp } from '../../types.js';
import type { DocsTags } from '../../plugins/docs-groups.js';
import type { Reference } from '../../db/references.js';
import type { AreaRows } from '../../access/rows.js';
import workingTimeRoutes from './working-times.routes.js';

export { examples } from './working-times.examples.js';

/** The /docs group of each tag its operations carry. */
export const docsTags: DocsTags = { 'Regular working times': 'time' };

/** Columns of this module's tables that name other records: their deletes are refused while rows refer to them. */
export const references: Reference[] = [
  {
    table: 'regular_working_times',
    column: 'holiday_calendar_id',
    to: 'holiday_calendars',
    what: 'regular working times',
    order: 110,
  },
  {
    table: 'regular_working_times',
    column: 'break_regulation_type_id',
    to: 'break_regulation_types',
    what: 'regular working times',
    order: 110,
  },
];

/** The rows a person with a narrower grant than all reaches (access/rows.ts, docs/api/permissions.md). */
export const rowRules: AreaRows = { own: { param: 'username' } };

/** Who may read and write this area, by role (src/access/matrix.ts, docs/api/permissions.md). */
export const grants: AreaGrants = PROFILES.ownReadOnly;

export default async function workingTimes(app: ZkApp) {
  await app.register(workingTimeRoutes);
}
