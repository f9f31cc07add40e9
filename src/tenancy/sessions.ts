// Sign-in sessions of employees (docs/api/permissions.md "Sessions"): the secret travels in an HttpOnly cookie and is
// stored only as a SHA-256 hash; a cookie-authenticated write repeats the session's CSRF token in a header. A session
// ends after a time without requests (idle) and a time after sign-in (absolute), whichever comes first.
import crypto from 'node:crypto';
import type { Kysely, Selectable } from 'kysely';
import type { SessionsTable } from './tenancy.tables.js';
import type { DB } from '../db/schema.js';
import { forTenant, type TenantDb } from '../db/tenant-scope.js';
import { nowTimestamp } from '../values/formats.js';

export interface SessionLimits {
  idleMinutes: number;
  maxDays: number;
}

export interface SessionInfo {
  id: number;
  employeeId: string;
  csrfToken: string;
  userAgent: string | null;
  created: string;
  lastSeen: string;
  expiresAt: string;
}

/** The cookie that carries the session secret; its Path is the tenant's API prefix, so each tenant has its own. */
export const SESSION_COOKIE = 'zk_session';
/** The header a cookie-authenticated write carries with the session's CSRF token. */
export const CSRF_HEADER = 'x-csrf-token';

const SECRET_SHAPE = /^zks_[A-Za-z0-9_-]{43}$/;

const hashSecret = (secret: string) => crypto.createHash('sha256').update(secret, 'utf8').digest('hex');

const toMs = (timestamp: string) => Date.parse(`${timestamp.replace(' ', 'T')}Z`);

function toInfo(row: Selectable<SessionsTable>): SessionInfo {
  return {
    id: Number(row.id),
    employeeId: row.employee_id,
    csrfToken: row.csrf_token,
    userAgent: row.user_agent,
    created: row.created,
    lastSeen: row.last_seen,
    expiresAt: row.expires_at,
  };
}

/** When the session ends without further requests: its idle expiry, or its absolute one if that is sooner. */
export function idleExpiry(session: SessionInfo, limits: SessionLimits): string {
  const idle = nowTimestamp(new Date(toMs(session.lastSeen) + limits.idleMinutes * 60_000));
  return idle < session.expiresAt ? idle : session.expiresAt;
}

export async function createSession(
  db: Kysely<DB>,
  tenantId: number,
  employeeId: string,
  limits: SessionLimits,
  userAgent?: string,
): Promise<{ secret: string; info: SessionInfo }> {
  const secret = `zks_${crypto.randomBytes(32).toString('base64url')}`;
  const now = new Date();
  const row = await forTenant(db, tenantId)
    .insertInto('sessions', {
      employee_id: employeeId,
      secret_hash: hashSecret(secret),
      csrf_token: crypto.randomBytes(32).toString('base64url'),
      user_agent: userAgent ? userAgent.slice(0, 255) : null,
      created: nowTimestamp(now),
      last_seen: nowTimestamp(now),
      expires_at: nowTimestamp(new Date(now.getTime() + limits.maxDays * 86_400_000)),
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  return { secret, info: toInfo(row) };
}

/** last_seen is recorded at most once a minute per session, so reads stay reads (as tokens' last_used_at). */
const LAST_SEEN_RESOLUTION_MS = 60_000;

/** The session of THIS tenant for a presented secret, if it is valid now; an expired one is removed. */
export async function authenticateSession(
  db: Kysely<DB>,
  tenantId: number,
  presented: string,
  limits: SessionLimits,
): Promise<SessionInfo | undefined> {
  if (!SECRET_SHAPE.test(presented)) return undefined;
  const tdb = forTenant(db, tenantId);
  const row = await tdb
    .selectFrom('sessions')
    .selectAll()
    .where('secret_hash', '=', hashSecret(presented))
    .executeTakeFirst();
  if (!row) return undefined;
  const info = toInfo(row);
  const now = new Date();
  const nowText = nowTimestamp(now);
  if (idleExpiry(info, limits) <= nowText) {
    await tdb.deleteFrom('sessions').where('id', '=', info.id).execute();
    return undefined;
  }
  if (now.getTime() - toMs(info.lastSeen) > LAST_SEEN_RESOLUTION_MS) {
    await tdb.updateTable('sessions').set({ last_seen: nowText }).where('id', '=', info.id).execute();
    info.lastSeen = nowText;
  }
  return info;
}

/** The sessions of one employee, or of everyone (employeeId undefined), oldest first; expired ones are left out. */
export async function listSessions(db: TenantDb, limits: SessionLimits, employeeId?: string): Promise<SessionInfo[]> {
  let query = db.selectFrom('sessions').selectAll().orderBy('id');
  if (employeeId !== undefined) query = query.where('employee_id', '=', employeeId);
  const now = nowTimestamp();
  return (await query.execute()).map(toInfo).filter((s) => idleExpiry(s, limits) > now);
}

export async function endSession(db: TenantDb, id: number): Promise<boolean> {
  const res = await db.deleteFrom('sessions').where('id', '=', id).executeTakeFirst();
  return Number(res.numDeletedRows) > 0;
}

/** Ends every session of an employee (a new password), except the one given (the session that changed it). */
export async function endSessionsOf(db: TenantDb, employeeId: string, except?: number): Promise<number> {
  let query = db.deleteFrom('sessions').where('employee_id', '=', employeeId);
  if (except !== undefined) query = query.where('id', '<>', except);
  const res = await query.executeTakeFirst();
  return Number(res.numDeletedRows);
}

/** The value of one cookie of a Cookie header, or undefined. */
export function cookieValue(header: string | undefined, name: string): string | undefined {
  if (!header) return undefined;
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq > 0 && part.slice(0, eq).trim() === name) return part.slice(eq + 1).trim();
  }
  return undefined;
}

/** A presented CSRF token equals the session's (compared in constant time). */
export function csrfMatches(session: SessionInfo, presented: unknown): boolean {
  if (typeof presented !== 'string') return false;
  const a = Buffer.from(presented);
  const b = Buffer.from(session.csrfToken);
  return a.length === b.length && crypto.timingSafeEqual(a, b);
}
