// Behind a reverse proxy (TRUST_PROXY): the client's address comes from X-Forwarded-For through the trusted proxies
// (Fastify's request.ip), and the scheme and host the client used from X-Forwarded-Proto and -Host (the links of
// lists, the Secure flag of the session cookie). Fastify believes those two from any peer once trustProxy is set;
// with a list of proxies, this hook drops them from requests that did not come from one.
import proxyAddr from '@fastify/proxy-addr';
import type { FastifyInstance } from 'fastify';

const FORWARDED_ORIGIN = ['x-forwarded-proto', 'x-forwarded-host'] as const;

export function registerProxyTrust(app: FastifyInstance, trustProxy: boolean | string[]): void {
  if (!Array.isArray(trustProxy)) return;
  const trusted = proxyAddr.compile(trustProxy);
  app.addHook('onRequest', (request, _reply, done) => {
    const peer = request.raw.socket?.remoteAddress;
    if (peer === undefined || !trusted(peer, 0))
      for (const header of FORWARDED_ORIGIN) delete request.raw.headers[header];
    done();
  });
}
