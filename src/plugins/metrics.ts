// GET /metrics (Prometheus): request counts and latency by route, method and status.
import type { FastifyInstance } from 'fastify';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import type { RateLimiter } from './rate-limit.js';

export function registerMetrics(
  app: FastifyInstance,
  opts: { defaultMetrics: boolean; rateLimiter: RateLimiter },
): void {
  const registry = new Registry();
  if (opts.defaultMetrics) collectDefaultMetrics({ register: registry });
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
    const labels = {
      route: request.routeOptions.url ?? 'unmatched',
      method: request.method,
      status: String(reply.statusCode),
    };
    requests.inc(labels);
    latency.observe(labels, reply.elapsedTime / 1000);
  });
  app.get('/metrics', { schema: { hide: true } }, async (_request, reply) => {
    reply.type(registry.contentType);
    return registry.metrics();
  });
}
