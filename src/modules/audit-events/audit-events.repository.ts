// The audit trail's SQL: the tenant's change-feed entries recorded with an actor (migration 2903), filtered.
import type { TenantDb } from '../../db/tenant-scope.js';
import type { ListSpec } from '../../db/list-spec.js';
import { parseFilterTimestamp } from '../../values/formats.js';
import type { AuditEventsQueryT } from './audit-events.schemas.js';

/** In commit order (the cursor; changed_at follows it), ascending unless order=desc. */
export const auditListSpec: ListSpec = {
  key: ['cursor'],
  sortable: { cursor: 'cursor', changed_at: 'cursor' },
  defaultSort: 'cursor',
  modified: false,
};

/** `hidden`: record types the feed does not show (webhook subscriptions). */
export function listAuditEvents(db: TenantDb, query: AuditEventsQueryT, hidden: readonly string[]) {
  let q = db
    .selectFrom('changes')
    .select([
      'cursor',
      'type',
      'key',
      'previous_key',
      'op',
      'changed_at',
      'actor_employee_id',
      'actor_token_id',
      'actor_session_id',
      'fields',
    ])
    .where('fields', 'is not', null);
  if (hidden.length) q = q.where('type', 'not in', hidden);
  if (query.type !== undefined) q = q.where('type', '=', query.type);
  const key = query.key;
  if (key !== undefined) q = q.where((eb) => eb.or([eb('key', '=', key), eb('previous_key', '=', key)]));
  if (query.employee_id !== undefined) q = q.where('actor_employee_id', '=', query.employee_id);
  if (query.token_id !== undefined) q = q.where('actor_token_id', '=', query.token_id);
  const from = query.from === undefined ? null : parseFilterTimestamp(query.from);
  const to = query.to === undefined ? null : parseFilterTimestamp(query.to);
  if (from !== null) q = q.where('changed_at', '>=', from);
  if (to !== null) q = q.where('changed_at', '<', to);
  return q;
}

export type AuditRow = Awaited<ReturnType<ReturnType<typeof listAuditEvents>['execute']>>[number];
