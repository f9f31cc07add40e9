// The one way a person's sign-in becomes a session (docs/api/permissions.md "Sessions"): with a password
// (POST /sessions) or through the tenant's single sign-on provider (GET /sessions/sso/callback).
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.js';
import { createSession, SESSION_COOKIE, type SessionInfo, type SessionLimits } from '../../tenancy/sessions.js';

/**
 * The session cookie: HttpOnly (scripts never see the secret), SameSite=Strict (no other site's page makes the
 * browser send it), Secure when the request came over TLS (TRUST_PROXY honours X-Forwarded-Proto), Path the tenant's
 * API prefix — the web app at / calls the API there, and each tenant has a cookie of its own.
 */
export function sessionCookie(req: FastifyRequest, value: string, maxAgeSeconds: number): string {
  const instance = (req.params as { instance: string }).instance;
  return [
    `${SESSION_COOKIE}=${value}`,
    `Path=/${instance}/next/api/v1`,
    `Max-Age=${maxAgeSeconds}`,
    'HttpOnly',
    'SameSite=Strict',
    ...(req.protocol === 'https' ? ['Secure'] : []),
  ].join('; ');
}

/** Starts a session for an employee who has signed in, and sets its cookie on the reply. */
export async function startSession(
  req: FastifyRequest,
  reply: FastifyReply,
  db: Kysely<DB>,
  tenantId: number,
  username: string,
  limits: SessionLimits,
): Promise<SessionInfo> {
  const { secret, info } = await createSession(db, tenantId, username, limits, req.headers['user-agent']);
  const maxAge = Math.floor((Date.parse(`${info.expiresAt.replace(' ', 'T')}Z`) - Date.now()) / 1000);
  reply.header('Set-Cookie', sessionCookie(req, secret, maxAge));
  return info;
}
