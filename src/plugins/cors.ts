// Cross-origin calls from browser pages on other origins (CORS_ORIGINS; off by default: the web app is served by
// this process, same origin). When on, a preflight (OPTIONS with Access-Control-Request-Method) of any path is
// answered 204 with what the API accepts, and answers carry the headers a client reads. Credentials (the session
// cookie) are never allowed cross-origin: such pages authenticate with a bearer token.
import cors from '@fastify/cors';
import type { FastifyInstance } from 'fastify';

/** Request headers a client may send: authentication, bodies, writes' keys and versions, request ids. */
const ALLOWED_HEADERS = [
  'Authorization',
  'Content-Type',
  'Accept',
  'Accept-Language',
  'Idempotency-Key',
  'If-Match',
  'If-None-Match',
  'X-Request-Id',
];
/** Response headers a client reads. */
const EXPOSED_HEADERS = [
  'ETag',
  'Link',
  'Retry-After',
  'RateLimit',
  'RateLimit-Policy',
  'X-RateLimit-Limit',
  'X-RateLimit-Remaining',
  'X-Request-Id',
  'Deprecation',
  'Sunset',
  'Idempotent-Replayed',
];

export async function registerCors(app: FastifyInstance, origins: readonly string[]): Promise<void> {
  if (origins.length === 0) return;
  await app.register(cors, {
    origin: origins[0] === '*' ? '*' : [...origins],
    methods: ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'],
    allowedHeaders: ALLOWED_HEADERS,
    exposedHeaders: EXPOSED_HEADERS,
    credentials: false,
    maxAge: 600,
    strictPreflight: false,
  });
}
