// A local OpenID Connect provider for the single sign-on tests (oidc-provider on 127.0.0.1, a random port): clients
// register themselves (dynamic registration), people are the accounts a test adds, and its sign-in page is skipped:
// the browser names the account (`?account=<id>` on the interaction URL) and consent is given at once.
import crypto from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import Provider from 'oidc-provider';

export interface LocalProvider {
  issuer: string;
  /** A person at the provider: the claims it tells about them. */
  addAccount(claims: Record<string, unknown>): string;
  /** A client registered for these redirect URIs. */
  register(redirectUris: string[]): Promise<{ clientId: string; clientSecret: string }>;
  /**
   * A browser at the provider: follows its redirects from the authorisation URL, signs in as the account (or refuses
   * with `deny`), and answers the URL the provider sends the browser back to.
   */
  signIn(authorizationUrl: string, account: string | 'deny'): Promise<URL>;
  /** While true, the provider's JWKS holds another key than the one it signs with (a forged ID token's case). */
  wrongKeys: boolean;
  /**
   * While set, the token endpoint's ID token carries these claims changed, signed again with the provider's key: what
   * a provider that answers for another client, sign-in or issuer would send.
   */
  changeIdToken: ((claims: Record<string, unknown>) => Record<string, unknown>) | null;
  /** Whom a real browser (which names no account on the interaction URL) signs in as. */
  browserAccount: string | null;
  close(): Promise<void>;
}

export async function startLocalProvider(): Promise<LocalProvider> {
  const server = http.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const accounts = new Map<string, Record<string, unknown>>();
  const key = crypto.generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey.export({ format: 'jwk' });
  const provider = new Provider(issuer, {
    jwks: { keys: [{ ...key, kid: 'test-key', use: 'sig', alg: 'RS256' }] },
    cookies: { keys: [crypto.randomBytes(32).toString('hex')] },
    claims: { openid: ['sub'], profile: ['preferred_username', 'name'], email: ['email', 'email_verified'] },
    features: { devInteractions: { enabled: false }, registration: { enabled: true } },
    pkce: { required: () => true },
    ttl: { AuthorizationCode: 60, AccessToken: 600, IdToken: 600, Interaction: 600, Session: 600, Grant: 600 },
    interactions: { url: (_ctx: unknown, interaction: { uid: string }) => `/interaction/${interaction.uid}` },
    findAccount: async (_ctx: unknown, id: string) =>
      accounts.has(id) ? { accountId: id, claims: async () => ({ sub: id, ...accounts.get(id) }) } : undefined,
  });
  const handle = provider.callback();
  const other = crypto.generateKeyPairSync('rsa', { modulusLength: 2048 }).publicKey.export({ format: 'jwk' });
  const local: Pick<LocalProvider, 'wrongKeys' | 'changeIdToken' | 'browserAccount'> = {
    wrongKeys: false,
    changeIdToken: null,
    browserAccount: null,
  };
  const signingKey = crypto.createPrivateKey({ key, format: 'jwk' });
  const resign = (jwt: string, change: (claims: Record<string, unknown>) => Record<string, unknown>) => {
    const [header, payload] = jwt.split('.');
    const claims = change(JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')));
    const signed = `${header}.${Buffer.from(JSON.stringify(claims)).toString('base64url')}`;
    return `${signed}.${crypto.sign('sha256', Buffer.from(signed), signingKey).toString('base64url')}`;
  };
  server.on('request', async (req, res) => {
    const url = new URL(req.url!, issuer);
    const change = local.changeIdToken;
    if (url.pathname === '/token' && change && !req.headers['x-untouched']) {
      const chunks: Buffer[] = [];
      for await (const chunk of req) chunks.push(chunk as Buffer);
      const r = await fetch(`${issuer}/token`, {
        method: 'POST',
        headers: {
          'content-type': String(req.headers['content-type']),
          authorization: String(req.headers.authorization ?? ''),
          'x-untouched': '1',
        },
        body: Buffer.concat(chunks),
      });
      const body = (await r.json()) as { id_token?: string };
      if (body.id_token) body.id_token = resign(body.id_token, change);
      res.writeHead(r.status, { 'content-type': 'application/json', 'cache-control': 'no-store' });
      return res.end(JSON.stringify(body));
    }
    if (url.pathname === '/jwks' && local.wrongKeys) {
      res.setHeader('content-type', 'application/jwk-set+json');
      return res.end(JSON.stringify({ keys: [{ ...other, kid: 'test-key', use: 'sig', alg: 'RS256' }] }));
    }
    if (!url.pathname.startsWith('/interaction/')) return handle(req, res);
    try {
      const details = await provider.interactionDetails(req, res);
      if (details.prompt.name === 'login') {
        const account = url.searchParams.get('account') ?? local.browserAccount;
        const result =
          account === 'deny'
            ? { error: 'access_denied', error_description: 'The person cancelled.' }
            : { login: { accountId: account } };
        await provider.interactionFinished(req, res, result, { mergeWithLastSubmission: false });
      } else {
        const grant = new provider.Grant({ accountId: details.session.accountId, clientId: details.params.client_id });
        grant.addOIDCScope('openid profile email');
        await provider.interactionFinished(req, res, { consent: { grantId: await grant.save() } });
      }
    } catch (e) {
      res.statusCode = 500;
      res.end(String(e));
    }
  });

  return Object.assign(local, {
    issuer,
    addAccount(claims: Record<string, unknown>) {
      const id = `acct-${crypto.randomBytes(6).toString('hex')}`;
      accounts.set(id, claims);
      return id;
    },
    async register(redirectUris: string[]) {
      const r = await fetch(`${issuer}/reg`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          redirect_uris: redirectUris,
          response_types: ['code'],
          grant_types: ['authorization_code'],
          token_endpoint_auth_method: 'client_secret_basic',
        }),
      });
      const body = (await r.json()) as { client_id: string; client_secret: string };
      if (r.status !== 201) throw new Error(`registration failed: ${r.status} ${JSON.stringify(body)}`);
      return { clientId: body.client_id, clientSecret: body.client_secret };
    },
    async signIn(authorizationUrl: string, account: string) {
      const jar = new Map<string, string>();
      let url = new URL(authorizationUrl);
      for (let hop = 0; hop < 20 && url.origin === issuer; hop++) {
        if (url.pathname.startsWith('/interaction/') && !url.searchParams.has('account'))
          url.searchParams.set('account', account);
        const r = await fetch(url, {
          redirect: 'manual',
          headers: { cookie: [...jar].map(([k, v]) => `${k}=${v}`).join('; ') },
        });
        for (const c of r.headers.getSetCookie()) {
          const [pair] = c.split(';');
          const eq = pair.indexOf('=');
          jar.set(pair.slice(0, eq), pair.slice(eq + 1));
        }
        const location = r.headers.get('location');
        if (!location) throw new Error(`the provider answered ${r.status} at ${url}: ${await r.text()}`);
        url = new URL(location, url);
      }
      return url;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  });
}
