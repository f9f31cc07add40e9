// Departments (docs/api/people.md) with their managers and child departments.
import { type AreaGrants, PROFILES } from '../../access/matrix.js';
import type { ZkApp } from '../../types.js';
import type { DocsTags } from '../../plugins/docs-groups.js';
import type { Reference } from '../../db/references.js';
import departmentRoutes from './departments.routes.js';

export { examples } from './departments.examples.js';

/** The /docs group of each tag its operations carry. */
export const docsTags: DocsTags = { Departments: 'organisation' };

/** Columns of this module's tables that name other records: their deletes are refused while rows refer to them. */
export const references: Reference[] = [
  { table: 'departments', column: 'parent_id', to: 'departments', what: 'the parent of other departments', order: 10 },
];

/** Who may read and write this area, by role (src/access/matrix.ts, docs/api/permissions.md). */
export const grants: AreaGrants = PROFILES.shared;

export default async function departments(app: ZkApp) {
  await app.register(departmentRoutes);
}
