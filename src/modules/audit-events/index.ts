// GET /audit-events (zeitkonto extension): who changed which record when, and which fields. The events are the
// change feed's entries (modules/changes) with the actor and the changed row columns the write path records with
// them (plugins/write-path/audit.ts); docs/api/integration.md, "Audit events".
import { GRANT, type AreaGrants } from '../../access/matrix.js';
import type { ZkApp } from '../../types.js';
import type { DocsTags } from '../../plugins/docs-groups.js';
import auditEventRoutes from './audit-events.routes.js';

/** The /docs group of each tag its operations carry. */
export const docsTags: DocsTags = { 'Audit events': 'integration' };

/** Who may read and write this area, by role (src/access/matrix.ts, docs/api/permissions.md). */
export const grants: AreaGrants = { controller: GRANT.readAll, administrator: GRANT.readAll };

export default async function auditEvents(app: ZkApp) {
  await app.register(auditEventRoutes);
}
