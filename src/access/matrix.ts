// Who may do what: the permission matrix as data (docs/api/permissions.md is its prose). An area is a module
// folder of src/modules (a route may name another one in its config.area); a role is an employee's `rights`; a grant
// names the rows a role reaches in an area for reading and for writing. What is not granted is refused.
import type { Role } from './roles.js';

/**
 * Which rows of an area a grant reaches: `all`, or `own` — the caller's own: their bookings, absences, their employee
 * record …, the projects they are assigned to; `department` — their own and those of the people of their department;
 * `controlled` — their own and those of the projects they control (they are its project manager,
 * docs/api/permissions.md). Each is enforced by the area's row rule of that kind (access/rows.ts); an area without
 * one grants nothing but `all`.
 */
export type Rows = 'all' | 'own' | 'department' | 'controlled';

export interface Grant {
  read?: Rows;
  write?: Rows;
}

/** What each role may do in one area; a role without an entry may do nothing there. */
export type AreaGrants = Partial<Record<Role, Grant>>;

/** The grants the profiles below are made of. */
export const GRANT = {
  all: { read: 'all', write: 'all' },
  readAll: { read: 'all' },
  /** Reads every row, writes their own (a Controller's own bookings). */
  readAllWriteOwn: { read: 'all', write: 'own' },
  own: { read: 'own', write: 'own' },
  readOwn: { read: 'own' },
  /** Reads their department's rows too (an absence calendar), writes their own. */
  department: { read: 'department', write: 'own' },
  /** Reads the rows of the projects they control too, writes their own. */
  controlled: { read: 'controlled', write: 'own' },
  /**
   * As `controlled`, and writes the rows of the projects they control on the write routes the area's `controlled` rule
   * names (access/rows.ts `writes`: a booking's project release); every other write stays their own.
   */
  controlledRelease: { read: 'controlled', write: 'controlled' },
  readControlled: { read: 'controlled' },
} as const satisfies Record<string, Grant>;
const { all: ALL, readAll: READ_ALL, own: OWN, readOwn: READ_OWN } = GRANT;

/** Master data everybody reads (names people pick in a booking form); administrators change it. */
const shared: AreaGrants = {
  user: READ_ALL,
  extended: READ_ALL,
  project_controller: READ_ALL,
  controller: READ_ALL,
  administrator: ALL,
};
/** Commercial and configuration data: controllers read it, administrators change it. */
const office: AreaGrants = { project_controller: READ_ALL, controller: READ_ALL, administrator: ALL };
/**
 * A person's own records: they keep their own; controllers read everyone's and keep their own (they book their time
 * like everyone); administrators change everyone's.
 */
const personal: AreaGrants = {
  user: OWN,
  extended: OWN,
  project_controller: OWN,
  controller: GRANT.readAllWriteOwn,
  administrator: ALL,
};
/** A person's own records that they read but do not write (their contract data). */
const ownReadOnly: AreaGrants = {
  user: READ_OWN,
  extended: READ_OWN,
  project_controller: READ_OWN,
  controller: READ_ALL,
  administrator: ALL,
};

/** Credentials (tokens, sign-in sessions): everyone keeps their own; administrators everyone's. */
const credentials: AreaGrants = {
  user: OWN,
  extended: OWN,
  project_controller: OWN,
  controller: OWN,
  administrator: ALL,
};

/** The usual grants of an area, for modules to declare theirs with (`export const grants = PROFILES.shared`). */
export const PROFILES = { shared, office, personal, ownReadOnly, credentials };

/**
 * The matrix: every module's grants by area (its folder name), declared in its index.ts and collected by
 * src/modules/index.ts at start. An area nobody declared grants nothing to a person.
 */
export const MATRIX: Record<string, AreaGrants> = {};

export function declareGrants(areas: Readonly<Record<string, AreaGrants>>): void {
  for (const [area, grants] of Object.entries(areas)) MATRIX[area] = grants;
}
