// Sign-in for people (zeitkonto extension; docs/api/permissions.md "Sessions"): POST /sessions signs in with username
// and password and sets the session cookie; GET /sessions lists a caller's sessions (everyone's for administrators);
// DELETE /sessions/current signs out, DELETE /sessions/{id} ends one; POST /sessions/password changes the caller's
// own password and ends their other sessions. Which sessions a caller reaches is the area's row rule (access/rows.ts).
import { Type } from '@sinclair/typebox';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { ZkApp } from '../../types.js';
import { DataArray, MAX_ID, responses, Single } from '../../http/schemas.js';
import { ApiError, fieldError, notFound } from '../../values/errors.js';
import { outTimestamp } from '../../values/formats.js';
import { currentEmployee } from '../../access/caller.js';
import { missingPermission } from '../../access/authorize.js';
import { forTenant } from '../../db/tenant-scope.js';
import { tenantCache, type Edition } from '../../tenancy/tenants.js';
import {
  endSession,
  endSessionsOf,
  idleExpiry,
  listSessions,
  type SessionInfo,
  type SessionLimits,
} from '../../tenancy/sessions.js';
import { hashPassword, needsRehash, verifyPassword } from '../employees/password.js';
import { PasswordChange, Session, SessionWithCsrf, SignIn, type SessionT } from './sessions.schemas.js';
import { SIGN_IN_BACK_OFF, type SignInThrottle } from './sign-in-throttle.js';
import { sessionCookie, startSession } from './sign-in.js';

/** The one answer to every refused sign-in: unknown tenant, unknown person, wrong password, someone who has left. */
const REFUSED = 'These credentials do not match our records.';

/** Sessions exist on every edition: signing in answers an unknown tenant and a known one alike. */
const EVERY_EDITION: readonly Edition[] = ['full', 'clock'];

const show = (s: SessionInfo, limits: SessionLimits, current: number | null): SessionT => ({
  id: s.id,
  employee_id: s.employeeId,
  current: s.id === current,
  user_agent: s.userAgent,
  created: outTimestamp(s.created)!,
  last_seen: outTimestamp(s.lastSeen)!,
  expires_at: outTimestamp(s.expiresAt)!,
  idle_expires_at: outTimestamp(idleExpiry(s, limits))!,
});

const clearCookie = (req: FastifyRequest, reply: FastifyReply) => reply.header('Set-Cookie', sessionCookie(req, '', 0));

export default async function sessionRoutes(app: ZkApp, { throttle }: { throttle: SignInThrottle }) {
  const limits = app.zk.config.sessions;
  const config = { extension: true, editions: EVERY_EDITION };
  const tags = ['Sessions'];
  /** The sessions this caller reaches: all of them, or their own. */
  const reachable = (req: FastifyRequest) => (s: SessionInfo) =>
    req.rows === 'all' || s.employeeId === req.caller.employee?.username;
  const accountKey = (instance: string, username: string) =>
    `a:${instance.toLowerCase()}:${username.normalize('NFC').toLowerCase()}`;

  app.post(
    '/sessions',
    {
      config: { ...config, public: true },
      schema: {
        summary: 'Sign in with username and password: sets the session cookie (zeitkonto extension)',
        tags,
        body: SignIn,
        response: responses({ 201: Single(SessionWithCsrf) }),
      },
    },
    async (req, reply) => {
      const instance = (req.params as { instance: string }).instance;
      const account = accountKey(instance, req.body.username);
      const address = `ip:${req.ip}`;
      const wait = await throttle.retryAfter([account, address]);
      if (wait > 0) {
        reply.header('Retry-After', String(wait));
        throw new ApiError(429, 'Too many sign-in attempts.');
      }
      const tenant = await tenantCache.get(app.zk.db, instance);
      const db = tenant && forTenant(app.zk.db, tenant.id, tenant.language);
      const row =
        db &&
        (await db
          .selectFrom('employees')
          .select(['username', 'password_hash'])
          .where('username', '=', req.body.username)
          .executeTakeFirst());
      // Unknown tenant or person: a dummy hash is checked all the same (the same time, the same answer).
      const ok = await verifyPassword(req.body.password, row?.password_hash ?? null);
      const employee = ok && db && row ? await currentEmployee(db, row.username) : undefined;
      if (!tenant || !db || !row || !employee) {
        if (!tenant) req.authFailure = 'unknown tenant';
        else if (!row) req.authFailure = 'unknown username';
        else req.authFailure = ok ? 'employee has left or is deactivated' : 'wrong password';
        await throttle.fail([
          [account, SIGN_IN_BACK_OFF.account],
          [address, SIGN_IN_BACK_OFF.address],
        ]);
        throw new ApiError(401, REFUSED);
      }
      await throttle.succeed(account);
      // Only the hash changes: no record version, no change feed entry (the column is internal).
      if (needsRehash(row.password_hash!))
        await db
          .updateTable('employees')
          .set({ password_hash: await hashPassword(req.body.password) })
          .where('username', '=', row.username)
          .execute();
      const info = await startSession(req, reply, app.zk.db, tenant.id, row.username, limits);
      return reply
        .code(201)
        .send({ data: { ...show(info, limits, info.id), role: employee.role, csrf_token: info.csrfToken } });
    },
  );

  app.get(
    '/sessions',
    {
      config,
      schema: {
        summary: 'List sign-in sessions: your own, or everyone’s for administrators (zeitkonto extension)',
        tags,
        response: responses({ 200: DataArray(Session) }),
      },
    },
    async (req) => {
      const mine = req.rows === 'all' ? undefined : req.caller.employee?.username;
      const sessions = await listSessions(req.db, limits, mine);
      return { data: sessions.filter(reachable(req)).map((s) => show(s, limits, req.caller.sessionId)) };
    },
  );

  app.get(
    '/sessions/current',
    {
      config,
      schema: {
        summary: 'The session of this request, with its CSRF token (zeitkonto extension)',
        tags,
        response: responses({ 200: Single(SessionWithCsrf) }),
      },
    },
    async (req) => {
      if (!req.session || !req.caller.employee) throw notFound('Session');
      const { role } = req.caller.employee;
      return { data: { ...show(req.session, limits, req.session.id), role, csrf_token: req.session.csrfToken } };
    },
  );

  app.delete(
    '/sessions/current',
    {
      config,
      schema: {
        summary: 'Sign out: end the session of this request and clear its cookie (zeitkonto extension)',
        tags,
        response: responses({ 204: Type.Null() }, { write: true }),
      },
    },
    async (req, reply) => {
      if (!req.session) throw notFound('Session');
      await endSession(req.db, req.session.id);
      clearCookie(req, reply);
      return reply.code(204).send();
    },
  );

  app.delete(
    '/sessions/:id',
    {
      config,
      schema: {
        summary: 'End a sign-in session (zeitkonto extension)',
        tags,
        params: Type.Object({ id: Type.Integer({ minimum: 1, maximum: MAX_ID }) }),
        response: responses({ 204: Type.Null() }, { write: true }),
      },
    },
    async (req, reply) => {
      const session = (await listSessions(req.db, limits)).find((s) => s.id === req.params.id);
      if (!session || !reachable(req)(session)) throw notFound('Session');
      await endSession(req.db, session.id);
      if (session.id === req.caller.sessionId) clearCookie(req, reply);
      return reply.code(204).send();
    },
  );

  app.post(
    '/sessions/password',
    {
      config,
      schema: {
        summary: 'Change your own password; your other sessions end (zeitkonto extension)',
        tags,
        body: PasswordChange,
        response: responses({ 204: Type.Null() }, { write: true }),
      },
    },
    async (req, reply) => {
      const me = req.caller.employee?.username;
      if (me === undefined) throw missingPermission('sessions:write (an employee)');
      // Guessing the current password is signing in: the same back-off per account.
      const account = accountKey(req.tenant.instance, me);
      const wait = await throttle.retryAfter([account]);
      if (wait > 0) {
        reply.header('Retry-After', String(wait));
        throw new ApiError(429, 'Too many sign-in attempts.');
      }
      const row = await req.db
        .selectFrom('employees')
        .select('password_hash')
        .where('username', '=', me)
        .executeTakeFirst();
      if (!(await verifyPassword(req.body.current_password, row?.password_hash ?? null))) {
        await throttle.fail([[account, SIGN_IN_BACK_OFF.account]]);
        throw fieldError('current_password', 'The password is incorrect.');
      }
      await throttle.succeed(account);
      await req.db
        .updateTable('employees')
        .set({ password_hash: await hashPassword(req.body.new_password) })
        .where('username', '=', me)
        .execute();
      await endSessionsOf(req.db, me, req.caller.sessionId ?? undefined);
      return reply.code(204).send();
    },
  );
}
