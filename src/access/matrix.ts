// Who may do what: the permission matrix as data (docs/api/permissions.md is its prose). An area is a module
// folder of src/modules (a route may name another one in its config.area); a role is an employee's `rights`; a grant
// names the rows a role reaches in an area for reading and for writing. What is not granted is refused.
import type { Role } from './roles.js';

/**
 * Which rows of an area a grant reaches: `all`, or `own` — the caller's own: their bookings, absences, their employee
 * record …, the projects they are assigned to. `own` is enforced by the area's row rule (access/rows.ts); an area
 * without one grants nothing but `all`.
 */
export type Rows = 'all' | 'own';

export interface Grant {
  read?: Rows;
  write?: Rows;
}

type Matrix = Record<string, Partial<Record<Role, Grant>>>;

const ALL: Grant = { read: 'all', write: 'all' };
const READ_ALL: Grant = { read: 'all' };
const OWN: Grant = { read: 'own', write: 'own' };
const READ_OWN: Grant = { read: 'own' };

/** Master data everybody reads (names people pick in a booking form); administrators change it. */
const shared = {
  user: READ_ALL,
  extended: READ_ALL,
  project_controller: READ_ALL,
  controller: READ_ALL,
  administrator: ALL,
};
/** Commercial and configuration data: controllers read it, administrators change it. */
const office = { project_controller: READ_ALL, controller: READ_ALL, administrator: ALL };
/** A person's own records: they keep their own; controllers read everyone's; administrators change everyone's. */
const personal = { user: OWN, extended: OWN, project_controller: OWN, controller: READ_ALL, administrator: ALL };
/** A person's own records that they read but do not write (their contract data). */
const ownReadOnly = {
  user: READ_OWN,
  extended: READ_OWN,
  project_controller: READ_OWN,
  controller: READ_ALL,
  administrator: ALL,
};

export const MATRIX: Matrix = {
  'absence-reasons': shared,
  absences: { ...personal, controller: ALL },
  activities: shared,
  articles: office,
  attendances: personal,
  'audit-events': { controller: READ_ALL, administrator: READ_ALL },
  'booking-settings': shared,
  categories: office,
  changes: { controller: READ_ALL, administrator: READ_ALL },
  customers: office,
  'default-plannings': ownReadOnly,
  departments: shared,
  devices: { controller: READ_ALL, administrator: ALL },
  'dynamic-attributes': office,
  employees: ownReadOnly,
  'employment-periods': ownReadOnly,
  folders: office,
  'holiday-calendars': shared,
  'internal-rates': { controller: READ_ALL, administrator: ALL },
  invoices: { controller: ALL, administrator: ALL },
  locations: shared,
  meals: personal,
  'month-closings': { ...ownReadOnly, controller: ALL },
  offers: office,
  plannings: personal,
  'price-groups': office,
  'price-tables': office,
  projects: { ...office, user: READ_OWN, extended: READ_OWN },
  'receipt-types': shared,
  receipts: personal,
  'resource-plannings': office,
  tickets: office,
  tokens: { user: OWN, extended: OWN, project_controller: OWN, controller: OWN, administrator: ALL },
  transponders: { controller: READ_ALL, administrator: ALL },
  vehicles: shared,
  webhooks: { administrator: ALL },
  'workhour-balances': ownReadOnly,
  'working-times': ownReadOnly,
};
