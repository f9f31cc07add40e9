// Single sign-on with OpenID Connect (zeitkonto extension; docs/api/permissions.md "Single sign-on"): GET /sessions/sso
// tells whether the tenant has a provider; GET /sessions/sso/start sends the browser to the provider with state, nonce
// and PKCE (S256), bound to the browser by a short-lived cookie; GET /sessions/sso/callback takes the provider's answer,
// finds the active employee it names and starts the same session as POST /sessions. The callback answers every
// failure with a redirect to `/?sso_error=<code>`: a person, not a program, is in front of it.
import crypto from 'node:crypto';
import { Type } from '@sinclair/typebox';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { ZkApp } from '../../types.js';
import { ErrorBody, responses, Single } from '../../http/schemas.js';
import { requestBase } from '../../http/list/envelope.js';
import { ApiError, fieldError } from '../../values/errors.js';
import { currentEmployee } from '../../access/caller.js';
import { forTenant, type TenantDb } from '../../db/tenant-scope.js';
import { cookieValue } from '../../tenancy/sessions.js';
import { tenantCache, type Edition, type Tenant } from '../../tenancy/tenants.js';
import { employeesMatching, findSsoProvider, type StoredSsoProvider } from './sso.repository.js';
import { authorizationUrl, errorCode, providerConfiguration, signedInClaims, type PendingSignIn } from './oidc.js';
import { startSession } from './sign-in.js';
import { SIGN_IN_BACK_OFF, ssoAddressKey, type SignInThrottle } from './sign-in-throttle.js';

const EVERY_EDITION: readonly Edition[] = ['full', 'clock'];

/** The cookie that binds a sign-in at the provider to the browser that started it. */
export const SSO_STATE_COOKIE = 'zk_sso';
/** How long a person has to sign in at the provider. */
const STATE_TTL_SECONDS = 600;

const NOT_CONFIGURED = 'Single sign-on is not configured for this tenant.';

/** Where the callback sends the browser: the web app, which shows the error the code names. */
const errorTarget = (code: string) => `/?sso_error=${code}`;

/**
 * A path of this origin to return to after signing in, or undefined: absolute paths only — never `//host`, `/\host`
 * or a scheme, which browsers would follow to another site.
 */
export function returnPath(value: string): string | undefined {
  if (value.length > 1024 || !value.startsWith('/') || /^\/[/\\]/.test(value)) return undefined;
  if (/[\u0000-\u0020\u007f\\]/.test(value)) return undefined;
  const base = 'http://zeitkonto.invalid';
  const url = new URL(value, base);
  return url.origin === base ? `${url.pathname}${url.search}${url.hash}` : undefined;
}

interface StateCookie extends PendingSignIn {
  /** The return path. */
  returnTo: string;
  /** Until when (ms since the epoch). */
  until: number;
}

/** The cookie's value is signed with a key only this tenant's provider setting yields: a changed value is refused. */
const stateKey = (tenant: Tenant, p: StoredSsoProvider) =>
  crypto.createHash('sha256').update(`zk_sso\u0000${tenant.id}\u0000${p.clientId}\u0000${p.clientSecret}`).digest();

function sealState(tenant: Tenant, p: StoredSsoProvider, state: StateCookie): string {
  const body = Buffer.from(JSON.stringify(state)).toString('base64url');
  const mac = crypto.createHmac('sha256', stateKey(tenant, p)).update(body).digest('base64url');
  return `${body}.${mac}`;
}

function openState(tenant: Tenant, p: StoredSsoProvider, value: string | undefined): StateCookie | undefined {
  const [body, mac, rest] = (value ?? '').split('.');
  if (!body || !mac || rest !== undefined) return undefined;
  const expected = crypto.createHmac('sha256', stateKey(tenant, p)).update(body).digest();
  const given = Buffer.from(mac, 'base64url');
  if (given.length !== expected.length || !crypto.timingSafeEqual(given, expected)) return undefined;
  try {
    const state = JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as StateCookie;
    return typeof state.until === 'number' && state.until > Date.now() ? state : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The state cookie: HttpOnly, only for the SSO routes, SameSite=Lax — the provider's redirect back is a navigation
 * from another site, which a Strict cookie would not accompany — and Secure over TLS.
 */
function stateCookie(req: FastifyRequest, value: string, maxAgeSeconds: number): string {
  const instance = (req.params as { instance: string }).instance;
  return [
    `${SSO_STATE_COOKIE}=${value}`,
    `Path=/${instance}/next/api/v1/sessions/sso`,
    `Max-Age=${maxAgeSeconds}`,
    'HttpOnly',
    'SameSite=Lax',
    ...(req.protocol === 'https' ? ['Secure'] : []),
  ].join('; ');
}

/** The redirect URI to register at the provider: the callback as this request's origin reaches it. */
const callbackUri = (req: FastifyRequest) =>
  new URL(`${requestBase(req)}/${(req.params as { instance: string }).instance}/next/api/v1/sessions/sso/callback`)
    .href;

const SsoInfo = Type.Object({
  name: Type.String({ description: 'What the sign-in button calls the provider.' }),
  issuer: Type.String({ description: 'The OpenID Connect issuer.' }),
  start_url: Type.String({ description: 'Open it in the browser to sign in (add ?return_to=/a/path to come back).' }),
  redirect_uri: Type.String({ description: 'The redirect URI to register at the provider for this tenant.' }),
});

export default async function ssoRoutes(app: ZkApp, { throttle }: { throttle: SignInThrottle }) {
  const limits = app.zk.config.sessions;
  const config = { extension: true, editions: EVERY_EDITION, public: true };
  const tags = ['Sessions'];

  /**
   * The back-off of signing in, per address (sign-in-throttle.ts `ssoAddressKey`): 429 with Retry-After while the
   * address is locked for single sign-on or for passwords; else the attempt counts when `counts` (a start).
   */
  async function throttled(req: FastifyRequest, reply: FastifyReply, counts: boolean): Promise<string> {
    const key = ssoAddressKey(req.ip);
    const wait = await throttle.retryAfter([key, `ip:${req.ip}`]);
    if (wait > 0) {
      reply.header('Retry-After', String(wait));
      throw new ApiError(429, 'Too many sign-in attempts.');
    }
    if (counts) await throttle.fail([[key, SIGN_IN_BACK_OFF.address]]);
    return key;
  }

  /** The tenant and its provider, or the 404 of a tenant without single sign-on (unknown tenants alike). */
  async function provider(req: FastifyRequest): Promise<{ tenant: Tenant; db: TenantDb; p: StoredSsoProvider }> {
    const tenant = await tenantCache.get(app.zk.db, (req.params as { instance: string }).instance);
    const db = tenant && forTenant(app.zk.db, tenant.id, tenant.language);
    const p = db && (await findSsoProvider(db));
    if (!tenant || !db || !p) throw new ApiError(404, NOT_CONFIGURED);
    return { tenant, db, p };
  }

  app.get(
    '/sessions/sso',
    {
      config,
      schema: {
        summary: 'Single sign-on of this tenant: its provider and where to start (zeitkonto extension)',
        description:
          'Answers 404 when the tenant has no single sign-on provider (the operator sets one: `zeitkonto sso set`).',
        tags,
        response: responses({ 200: Single(SsoInfo) }),
      },
    },
    async (req) => {
      const { p } = await provider(req);
      return {
        data: {
          name: p.name,
          issuer: p.issuer,
          start_url: `/${(req.params as { instance: string }).instance}/next/api/v1/sessions/sso/start`,
          redirect_uri: callbackUri(req),
        },
      };
    },
  );

  app.get(
    '/sessions/sso/start',
    {
      config,
      schema: {
        summary: 'Sign in with the tenant’s OpenID Connect provider: redirects there (zeitkonto extension)',
        description:
          'A browser navigation, not a call: answers 302 to the provider’s authorisation endpoint and sets a ' +
          `short-lived cookie ${SSO_STATE_COOKIE} (state, nonce, PKCE verifier). 404: no single sign-on; 422: a ` +
          'return_to that is not a path of this site; 502: the provider’s discovery document cannot be read; 429 ' +
          'with Retry-After: too many sign-ins from this address (the back-off of POST /sessions; each start counts).',
        tags,
        querystring: Type.Object({
          return_to: Type.Optional(
            Type.String({
              maxLength: 1024,
              description: 'A path of this site to return to after signing in (default /).',
            }),
          ),
        }),
        response: responses({ 302: Type.Null({ description: 'To the provider.' }), 502: ErrorBody }),
      },
    },
    async (req, reply) => {
      await throttled(req, reply, true);
      const { tenant, p } = await provider(req);
      const returnTo = req.query.return_to === undefined ? '/' : returnPath(req.query.return_to);
      if (returnTo === undefined) throw fieldError('return_to', 'The return path must be a path of this site.');
      let configuration;
      try {
        configuration = await providerConfiguration(p);
      } catch (e) {
        req.log.warn({ err: e, issuer: p.issuer }, 'single sign-on: discovery failed');
        throw new ApiError(502, 'The single sign-on provider cannot be reached.');
      }
      const { url, pending } = await authorizationUrl(configuration, callbackUri(req));
      const sealed = sealState(tenant, p, { ...pending, returnTo, until: Date.now() + STATE_TTL_SECONDS * 1000 });
      reply.header('Set-Cookie', stateCookie(req, sealed, STATE_TTL_SECONDS));
      reply.header('Cache-Control', 'no-store');
      return reply.redirect(url.href, 302);
    },
  );

  app.get(
    '/sessions/sso/callback',
    {
      config,
      schema: {
        summary: 'Where the OpenID Connect provider sends the browser back: signs in (zeitkonto extension)',
        description:
          'Register this URL at the provider as the redirect URI. Answers 303 to the return path with the session ' +
          'cookie set, as POST /sessions does; on any failure 303 to `/?sso_error=<code>` without a session: ' +
          'invalid_state (no, an expired or another browser’s sign-in), provider_denied (the provider refused), ' +
          'provider_unavailable, invalid_response (the code or ID token did not check out), not_permitted (no ' +
          'active employee of this tenant matches). 404: the tenant has no single sign-on. 429 with Retry-After: too ' +
          'many sign-ins from this address (the back-off of POST /sessions; each callback that signs no one in counts).',
        tags,
        querystring: Type.Object(
          {
            code: Type.Optional(Type.String({ maxLength: 4096 })),
            state: Type.Optional(Type.String({ maxLength: 1024 })),
            error: Type.Optional(Type.String({ maxLength: 255 })),
            error_description: Type.Optional(Type.String({ maxLength: 4096 })),
            iss: Type.Optional(Type.String({ maxLength: 1024 })),
          },
          { additionalProperties: true },
        ),
        response: responses({ 303: Type.Null({ description: 'To the return path, or to /?sso_error=<code>.' }) }),
      },
    },
    async (req, reply) => {
      const key = await throttled(req, reply, false);
      const found = await provider(req).catch(async (e: unknown) => {
        await throttle.fail([[key, SIGN_IN_BACK_OFF.address]]);
        throw e;
      });
      const { tenant, db, p } = found;
      reply.header('Set-Cookie', stateCookie(req, '', 0));
      reply.header('Cache-Control', 'no-store');
      const refuse = async (code: string, reason: string, err?: unknown) => {
        req.log.info({ err, sso: reason, tenant: tenant.instance }, 'single sign-on refused');
        await throttle.fail([[key, SIGN_IN_BACK_OFF.address]]);
        return reply.redirect(errorTarget(code), 303);
      };
      const pending = openState(tenant, p, cookieValue(req.headers.cookie, SSO_STATE_COOKIE));
      if (!pending || typeof req.query.state !== 'string' || !sameText(req.query.state, pending.state))
        return refuse('invalid_state', 'state cookie missing, expired, changed or not matching');
      let claims: Record<string, unknown>;
      try {
        const callbackUrl = new URL(callbackUri(req));
        callbackUrl.search = new URL(req.url, 'http://callback.invalid').search;
        claims = await signedInClaims(await providerConfiguration(p), callbackUrl, pending, p.claim);
      } catch (e) {
        return refuse(errorCode(e), 'code exchange or ID token refused', e);
      }
      const value = claims[p.claim];
      if (typeof value !== 'string' || value === '') return refuse('not_permitted', `no claim ${p.claim}`);
      if (p.matchBy === 'email' && claims.email_verified === false)
        return refuse('not_permitted', 'e-mail address not verified by the provider');
      const matches = await employeesMatching(db, p.matchBy, value);
      if (matches.length !== 1) return refuse('not_permitted', `${matches.length} employees match`);
      if (!(await currentEmployee(db, matches[0]))) return refuse('not_permitted', 'the employee has left');
      await startSession(req, reply, app.zk.db, tenant.id, matches[0], limits);
      await throttle.succeed(key);
      return reply.redirect(returnPath(pending.returnTo) ?? '/', 303);
    },
  );
}

const sameText = (a: string, b: string) => {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && crypto.timingSafeEqual(x, y);
};
