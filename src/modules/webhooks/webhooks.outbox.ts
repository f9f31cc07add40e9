// The transactional outbox: for each recorded change, one pending delivery per subscribed webhook, written in the
// change's own transaction (an event exists exactly when its change committed). The worker (webhooks.worker.ts)
// sends them.
import crypto from 'node:crypto';
import type { TenantDb } from '../../db/tenant-scope.js';
import { fromJson, nowTimestamp } from '../../values/formats.js';
import { changeText } from '../changes/changes.repository.js';
import type { RecordedChange, Subscriptions } from '../../values/changes.js';

const PAST = { create: 'created', update: 'updated', delete: 'deleted' } as const;

/** 'categories' -> 'category', 'project-statuses' -> 'project-status', 'employees/meals' -> 'employee.meal'. */
function singular(word: string): string {
  if (word.endsWith('ies')) return `${word.slice(0, -3)}y`;
  if (word.endsWith('sses') || word.endsWith('uses')) return word.slice(0, -2);
  return word.endsWith('s') ? word.slice(0, -1) : word;
}

/** The event name of a change: 'attendance.created', 'employee.meal.deleted'. */
export const eventName = (type: string, op: keyof typeof PAST) =>
  `${type.split('/').map(singular).join('.')}.${PAST[op]}`;

export const subscribes = (events: readonly string[], event: string) => events.includes('*') || events.includes(event);

/** `hooks`: the tenant's active subscriptions when the caller read them already (the write path, with its journal). */
export async function enqueueDeliveries(
  db: TenantDb,
  changes: readonly RecordedChange[],
  hooks?: Subscriptions,
): Promise<void> {
  if (changes.length === 0) return;
  hooks ??= await db.selectFrom('webhooks').select(['id', 'events']).where('active', '=', true).execute();
  if (hooks.length === 0) return;
  const now = nowTimestamp();
  const rows = [];
  for (const change of changes) {
    const event = eventName(change.type, change.op);
    const payload = `{"type":${JSON.stringify(event)},"timestamp":"${new Date().toISOString()}","data":${changeText(change)}}`;
    for (const hook of hooks) {
      if (!subscribes(fromJson<string[]>(hook.events, []), event)) continue;
      rows.push({
        webhook_id: Number(hook.id),
        event,
        message_id: `msg_${crypto.randomUUID()}`,
        payload,
        state: 'pending' as const,
        attempts: 0,
        next_attempt_at: now,
        created: now,
      });
    }
  }
  for (let i = 0; i < rows.length; i += 200)
    await db.insertInto('webhook_deliveries', rows.slice(i, i + 200)).execute();
}
