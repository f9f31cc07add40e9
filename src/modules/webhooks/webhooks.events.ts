// The published event catalogue: every event a subscription may name. An event is a change-feed type in the
// singular, dotted, with its operation (webhooks.outbox.ts names them): each type below has its created, updated
// and deleted event, whether a route or a side effect makes the change. A subscription naming anything else is
// refused (422 naming the value); '*' subscribes to all. test/modules/webhooks/webhook-events.test.ts checks that
// every write route of the OpenAPI document is covered. docs/api/integration.md §4 lists the catalogue.
import { eventName } from './webhooks.outbox.js';

/** The change-feed types (collection paths without keys). */
export const EVENT_TYPES = [
  'absence-reasons',
  'absences',
  'activities',
  'articles',
  'attendances',
  'break-regulation-types',
  'categories',
  'customers',
  'customers/contacts',
  'customers/price-tables',
  'default-plannings',
  'departments',
  'devices',
  'dynamic-attributes',
  'employees',
  'employees/employment-periods',
  'employees/internal-rates',
  'employees/meals',
  'employees/regular-working-times',
  'employees/transponders',
  'folders',
  'folders/documents',
  'holiday-calendars',
  'holiday-calendars/holidays',
  'invoice-items',
  'invoices',
  'invoices/attachments',
  'location-lists',
  'locations',
  'month-closings',
  'offers',
  'offers/items',
  'plannings',
  'price-groups',
  'price-tables',
  'project-statuses',
  'projects',
  'projects/activities',
  'projects/employees',
  'projects/locations',
  'projects/price-tables',
  'projects/tasks',
  'receipt-types',
  'receipts',
  'resource-plannings',
  'tickets',
  'tickets/attachments',
  'tickets/subtasks',
  'vehicle-lists',
] as const;

const OPS = ['create', 'update', 'delete'] as const;

/** Every event name of the catalogue, in type order. */
export const EVENT_CATALOGUE: readonly string[] = EVENT_TYPES.flatMap((type) => OPS.map((op) => eventName(type, op)));

/** What a subscription's `events` may hold: the catalogue and '*'. */
export const SUBSCRIBABLE: readonly string[] = ['*', ...EVENT_CATALOGUE];
