// The published event catalogue: every event a subscription may name. An event is a change-feed type in the
// singular, dotted, with its operation (webhooks.outbox.ts names them): each type has its created, updated and
// deleted event, whether a route or a side effect makes the change. A subscription naming anything else is refused
// (422 naming the value); '*' subscribes to all. test/modules/webhooks/webhook-events.test.ts checks that every
// write route of the OpenAPI document is covered. docs/api/integration.md ("Event names") lists the catalogue.
import { eventName } from './webhooks.outbox.js';

const OPS = ['create', 'update', 'delete'] as const;

/**
 * The change-feed types, sorted: every record type a module declares (its `records`) except those kept out of the
 * feed (`feed: false`). Filled when the app registers its modules (src/modules/index.ts), so a new resource's events
 * are in the catalogue without a list to extend. The arrays are the ones the OpenAPI document's `EventName` enum
 * and the subscription check read.
 */
export const EVENT_TYPES: string[] = [];

/** Every event name of the catalogue, in type order. */
export const EVENT_CATALOGUE: string[] = [];

/** What a subscription's `events` may hold: the catalogue and '*'. */
export const SUBSCRIBABLE: string[] = ['*'];

/** Publishes the catalogue of these feed types (the same set for every app of a process). */
export function publishEventTypes(types: Iterable<string>): void {
  const sorted = [...new Set(types)].sort();
  EVENT_TYPES.splice(0, EVENT_TYPES.length, ...sorted);
  EVENT_CATALOGUE.splice(0, EVENT_CATALOGUE.length, ...sorted.flatMap((type) => OPS.map((op) => eventName(type, op))));
  SUBSCRIBABLE.splice(0, SUBSCRIBABLE.length, '*', ...EVENT_CATALOGUE);
}
