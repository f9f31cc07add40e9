// GET /audit-events (zeitkonto extension): who changed which record when, with the changed fields' old and new
// values; filtered by record, actor and period, paged like every list. Controllers and administrators read it
// (access/matrix.ts).
import type { ZkApp } from '../../types.js';
import { listResponse } from '../../http/list/index.js';
import { Paginated, responses } from '../../http/schemas.js';
import { outTimestamp } from '../../values/formats.js';
import type { FieldChanges } from '../../values/changes.js';
import { actorOfRow } from '../changes/changes.repository.js';
import { auditListSpec, listAuditEvents, type AuditRow } from './audit-events.repository.js';
import { AuditEvent, AuditEventsQuery, type AuditEventT } from './audit-events.schemas.js';

const show = (r: AuditRow): AuditEventT => ({
  cursor: String(r.cursor),
  type: r.type,
  key: r.key,
  ...(r.previous_key ? { previous_key: r.previous_key } : {}),
  action: r.op,
  actor: actorOfRow(r) ?? { employee_id: null, token_id: null, session_id: null },
  changed_at: outTimestamp(r.changed_at)!,
  fields: JSON.parse(r.fields ?? '{}') as FieldChanges,
});

export default async function auditEventRoutes(app: ZkApp) {
  // Record types the feed does not show (webhook subscriptions), known once every module declared.
  let hidden: string[] | undefined;
  app.get(
    '/audit-events',
    {
      config: { extension: true },
      schema: {
        summary: 'The audit trail: who changed which record when, and its changed fields (zeitkonto extension)',
        tags: ['Audit events'],
        querystring: AuditEventsQuery,
        response: responses({ 200: Paginated(AuditEvent) }),
      },
    },
    async (req) => {
      hidden ??= app.zk.records.types.filter((t) => t.feed === false).map((t) => t.type);
      return listResponse(req, listAuditEvents(req.db, req.query, hidden), auditListSpec, (rows) => rows.map(show));
    },
  );
}
