// The relying party of single sign-on with OpenID Connect (docs/api/permissions.md "Single sign-on"), on
// openid-client: discovery from <issuer>/.well-known/openid-configuration (cached per provider setting), the
// authorisation request with state, nonce and PKCE (S256), and the code exchange with the client secret, which checks
// the ID token's issuer, audience, nonce, expiry and signature (the provider's JWKS).
import crypto from 'node:crypto';
import * as client from 'openid-client';
import type { SsoProvider } from './sso.repository.js';

/** The scopes asked for: the ID token, and the claims a match reads (preferred_username, email). */
export const SCOPES = 'openid profile email';

/** How long a provider's discovery document (and the JWKS openid-client keeps with it) is reused. */
const DISCOVERY_TTL_MS = 3600_000;
/** Seconds a request to the provider may take. */
const PROVIDER_TIMEOUT_SECONDS = 10;

const discovered = new Map<string, { config: Promise<client.Configuration>; until: number }>();

/** http:// issuers are accepted on the loopback interface only (a provider on the same machine, the tests). */
export const isLoopback = (url: URL) =>
  url.hostname === 'localhost' || url.hostname === '[::1]' || /^127(\.\d{1,3}){3}$/.test(url.hostname);

/** The provider's configuration for this client: discovered once per setting and hour; a failure is not kept. */
export function providerConfiguration(p: SsoProvider): Promise<client.Configuration> {
  const secretHash = crypto.createHash('sha256').update(p.clientSecret).digest('base64url');
  const key = JSON.stringify([p.issuer, p.clientId, secretHash]);
  const hit = discovered.get(key);
  if (hit && hit.until > Date.now()) return hit.config;
  const issuer = new URL(p.issuer);
  const config = client.discovery(issuer, p.clientId, undefined, client.ClientSecretBasic(p.clientSecret), {
    timeout: PROVIDER_TIMEOUT_SECONDS,
    execute: [
      client.enableNonRepudiationChecks,
      ...(issuer.protocol === 'http:' && isLoopback(issuer) ? [client.allowInsecureRequests] : []),
    ],
  });
  if (discovered.size > 1000) discovered.clear();
  discovered.set(key, { config, until: Date.now() + DISCOVERY_TTL_MS });
  config.catch(() => discovered.delete(key));
  return config;
}

/** What the browser must bring back to the callback: kept in the short-lived state cookie. */
export interface PendingSignIn {
  state: string;
  nonce: string;
  verifier: string;
}

export async function authorizationUrl(
  config: client.Configuration,
  redirectUri: string,
): Promise<{ url: URL; pending: PendingSignIn }> {
  const pending = {
    state: client.randomState(),
    nonce: client.randomNonce(),
    verifier: client.randomPKCECodeVerifier(),
  };
  const url = client.buildAuthorizationUrl(config, {
    redirect_uri: redirectUri,
    scope: SCOPES,
    response_type: 'code',
    state: pending.state,
    nonce: pending.nonce,
    code_challenge: await client.calculatePKCECodeChallenge(pending.verifier),
    code_challenge_method: 'S256',
  });
  return { url, pending };
}

/**
 * Exchanges the code of the authorisation response (the callback's URL) and answers the validated claims, with those
 * of the UserInfo endpoint added where the ID token leaves them out (providers put profile claims in either).
 */
export async function signedInClaims(
  config: client.Configuration,
  callbackUrl: URL,
  pending: PendingSignIn,
  claim: string,
): Promise<Record<string, unknown>> {
  const tokens = await client.authorizationCodeGrant(config, callbackUrl, {
    pkceCodeVerifier: pending.verifier,
    expectedState: pending.state,
    expectedNonce: pending.nonce,
    idTokenExpected: true,
  });
  const claims = tokens.claims()!;
  if (claims[claim] !== undefined || !config.serverMetadata().userinfo_endpoint) return { ...claims };
  const info = await client.fetchUserInfo(config, tokens.access_token, claims.sub);
  return { ...info, ...claims };
}

/** The kinds of failure the callback tells the browser (`/?sso_error=<code>`). */
export type SsoErrorCode = 'provider_unavailable' | 'provider_denied' | 'invalid_response';

/** A failure of openid-client as the code the browser hears. */
export function errorCode(e: unknown): SsoErrorCode {
  if (e instanceof client.AuthorizationResponseError) return 'provider_denied';
  const err = e as { name?: string; code?: string; cause?: unknown };
  if (err?.name === 'TimeoutError' || err?.name === 'AbortError' || (e instanceof TypeError && !err.code))
    return 'provider_unavailable';
  if (err?.code === 'OAUTH_RESPONSE_IS_NOT_CONFORM' && err.cause instanceof Response && err.cause.status >= 500)
    return 'provider_unavailable';
  return 'invalid_response';
}
