// The API scope /:instance/next/api/v1: tenant and token (or session cookie) -> gate -> rate limit -> permission, in that order, for
// every route.
// An instance name that cannot exist is the route-not-found 404 (it names no tenant).
// Gating is declared once per route (config.editions / config.module), never re-coded in handlers.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ApiError } from '../values/errors.js';
import { currentEmployee, readerKey } from '../access/caller.js';
import { actionOf, authorize } from '../access/authorize.js';
import { enforceRows, rowKinds } from '../access/rows.js';
import { INSTANCE_PATTERN, tenantCache } from '../tenancy/tenants.js';
import { authenticate } from '../tenancy/tokens.js';
import { authenticateSession, cookieValue, csrfMatches, CSRF_HEADER, SESSION_COOKIE } from '../tenancy/sessions.js';
import { forTenant } from '../db/tenant-scope.js';
import { applyRateLimit } from './rate-limit.js';
import { routeNotFoundMessage } from './routing.js';
import { markDeprecated } from '../http/deprecation.js';
import { rejectNonFiniteNumbers } from '../http/non-finite-numbers.js';
import { rejectUnstorableCharacters } from '../http/unstorable-characters.js';
import { normalizeRequestInput } from '../http/request-input.js';

/** Why a request without a valid credential was refused, for its log line (the answer is the same for all). */
function whyRefused(tenant: boolean, header: string | undefined, bearer: boolean, cookie: boolean): string {
  if (!tenant) return 'unknown tenant';
  if (bearer) return 'unknown, revoked or expired token';
  if (cookie) return 'unknown or ended session';
  if (header === undefined) return 'no credential';
  return 'Authorization is not "Bearer <token>"';
}

export function registerApiHooks(app: FastifyInstance): void {
  app.addHook('onRequest', async (request: FastifyRequest, reply: FastifyReply) => {
    const { db, rateLimiter, config: appConfig } = app.zk;
    const instance = (request.params as { instance?: string }).instance ?? '';
    const config = request.routeOptions.config;
    // Signing in needs no credential; the route answers an unknown tenant exactly like a refused password.
    if (config.public) {
      if (!INSTANCE_PATTERN.test(instance)) throw new ApiError(404, routeNotFoundMessage(request));
      return;
    }
    const tenant = INSTANCE_PATTERN.test(instance) ? await tenantCache.get(db, instance) : undefined;
    // Authenticate before revealing anything about the tenant: an unknown tenant and a bad token are the same 401.
    // A bearer token, or — without an Authorization header — a sign-in session's cookie.
    const header = request.headers.authorization;
    const match = typeof header === 'string' ? /^Bearer\s+(\S+)\s*$/i.exec(header) : null;
    const cookie = header === undefined ? cookieValue(request.headers.cookie, SESSION_COOKIE) : undefined;
    const token = tenant && match ? await authenticate(db, tenant.id, match[1]) : undefined;
    const session = tenant && cookie ? await authenticateSession(db, tenant.id, cookie, appConfig.sessions) : undefined;
    if (!tenant || (!token && !session)) {
      if (!INSTANCE_PATTERN.test(instance)) throw new ApiError(404, routeNotFoundMessage(request));
      request.authFailure = whyRefused(Boolean(tenant), header, Boolean(match), Boolean(cookie));
      reply.header('WWW-Authenticate', 'Bearer');
      throw new ApiError(401, 'Unauthenticated.');
    }

    // Gated routes are the route-not-found 404, to authenticated callers only.
    const editions = config.editions ?? ['full'];
    if (!editions.includes(tenant.edition) || (config.module && !tenant.modules.has(config.module))) {
      throw new ApiError(404, routeNotFoundMessage(request));
    }
    request.tenant = tenant;
    request.token = token ?? null;
    request.session = session ?? null;
    request.db = forTenant(db, tenant.id, tenant.language);
    // A personal token or a session acts as its employee as they are now: one who has left (or is gone) is not
    // authenticated.
    const username = token ? token.employeeId : session!.employeeId;
    const employee = username === null ? null : await currentEmployee(request.db, username);
    if (employee === undefined) {
      request.authFailure = `employee ${username} has left, is deactivated or is gone`;
      reply.header('WWW-Authenticate', 'Bearer');
      throw new ApiError(401, 'Unauthenticated.');
    }
    request.caller = token
      ? { tokenId: token.id, sessionId: null, employee, scopes: token.scopes && new Set(token.scopes) }
      : { tokenId: null, sessionId: session!.id, employee, scopes: null };
    // A write by cookie repeats the session's CSRF token: another site can make the browser send the cookie, not
    // read the token (docs/api/permissions.md "Sessions"). Bearer tokens are never sent by a browser on its own.
    if (session && actionOf(request.method) === 'write' && !csrfMatches(session, request.headers[CSRF_HEADER]))
      throw new ApiError(403, 'CSRF token mismatch.');

    // A read sees the database as a replica does when one may answer it (db/read-replicas.ts): after the caller's
    // own writes, only a replica that has replayed them; writes and their transactions stay on the primary.
    const reads = app.zk.reads;
    if (reads && (request.method === 'GET' || request.method === 'HEAD'))
      request.db = forTenant(await reads.forRead(readerKey(tenant.id, request.caller)), tenant.id, tenant.language);

    await applyRateLimit(rateLimiter, request, reply);
    // Routes outside the modules (the OpenAPI document) belong to no area: every caller of the tenant may read them.
    if (config.area)
      request.rows = authorize(request.caller, config.area, actionOf(request.method), rowKinds(config.rowRules));
    if (config.deprecated) markDeprecated(request, reply, config.deprecated);
  });
  app.addHook('preValidation', rejectUnstorableCharacters);
  app.addHook('preHandler', rejectNonFiniteNumbers);
  // After validation (params, query and body are typed), before the write path opens the transaction.
  // Callback style: most callers reach all rows, and their requests pass without a promise.
  app.addHook('preHandler', (request: FastifyRequest, _reply: FastifyReply, done: (err?: Error) => void) => {
    const { area, public: open } = request.routeOptions.config;
    if (!area || open || request.rows === 'all') return done();
    enforceRows(request, area, actionOf(request.method)).then(() => done(), done);
  });
  // The caller's rows on the answer (access/rows.ts): a list route that did not apply its row filter is refused
  // rather than shown unfiltered; another employee's reached records are shown as the area's rule redacts them.
  app.addHook(
    'preSerialization',
    (
      request: FastifyRequest,
      reply: FastifyReply,
      payload: unknown,
      done: (err: Error | null, p?: unknown) => void,
    ) => {
      if (request.listFilter && !request.listFilter.applied && reply.statusCode < 300)
        return done(new Error(`${request.routeOptions.url}: the row filter of the caller was not applied`));
      const redact = request.redact;
      if (!redact || reply.statusCode >= 300 || !payload || typeof payload !== 'object' || !('data' in payload))
        return done(null, payload);
      const { data } = payload as { data: unknown };
      done(null, { ...payload, data: Array.isArray(data) ? data.map(redact) : redact(data) });
    },
  );
  app.addHook('preValidation', normalizeRequestInput);
}
