// GET /metrics (Prometheus): outside requests by route, method and status, their latency, and the process's own
// figures (CPU, memory, event loop, garbage collection). The app's internal requests (the /docs examples read the
// demo tenant through the API) are not counted. With METRICS_TOKEN set, a scrape needs `Authorization: Bearer …`.
import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import { ApiError } from '../values/errors.js';
import { isInternalRequest } from './logging.js';
import type { RateLimiter } from './rate-limit.js';

/** The process's figures, collected once per process however many apps it builds (the tests build many). */
let processRegistry: Registry | undefined;
function processMetrics(): Registry {
  if (!processRegistry) {
    processRegistry = new Registry();
    collectDefaultMetrics({ register: processRegistry });
  }
  return processRegistry;
}

function tokenMatches(request: FastifyRequest, token: string): boolean {
  const given = Buffer.from(/^Bearer (.+)$/i.exec(request.headers.authorization ?? '')?.[1] ?? '');
  const expected = Buffer.from(token);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

export function registerMetrics(app: FastifyInstance, opts: { rateLimiter: RateLimiter; token: string | null }): void {
  const registry = new Registry();
  const requests = new Counter({
    name: 'zeitkonto_http_requests_total',
    help: 'HTTP requests by route, method and status',
    labelNames: ['route', 'method', 'status'] as const,
    registers: [registry],
  });
  const latency = new Histogram({
    name: 'zeitkonto_http_request_duration_seconds',
    help: 'HTTP request latency by route, method and status',
    labelNames: ['route', 'method', 'status'] as const,
    buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5],
    registers: [registry],
  });
  new Gauge({
    name: 'zeitkonto_rate_limiter_up',
    help: '1 while rate limits are counted, 0 while the limiter (Redis) is unavailable and requests pass unlimited',
    registers: [registry],
    collect() {
      this.set(opts.rateLimiter.available ? 1 : 0);
    },
  });
  app.addHook('onResponse', async (request, reply) => {
    if (isInternalRequest(request)) return;
    const labels = {
      route: request.routeOptions.url ?? 'unmatched',
      method: request.method,
      status: String(reply.statusCode),
    };
    requests.inc(labels);
    latency.observe(labels, reply.elapsedTime / 1000);
  });
  app.get('/metrics', { schema: { hide: true } }, async (request, reply) => {
    if (opts.token !== null && !tokenMatches(request, opts.token)) {
      reply.header('WWW-Authenticate', 'Bearer');
      throw new ApiError(401, 'Unauthenticated.');
    }
    reply.type(registry.contentType);
    return `${await registry.metrics()}\n${await processMetrics().metrics()}`;
  });
}
