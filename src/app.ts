// buildApp(config): registers plugins, then every module. It never listens (server.ts does).
import { randomUUID } from 'node:crypto';
import Fastify, { type FastifyServerOptions } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { sql } from 'kysely';
import type { Config } from './config.js';
import { openDatabase, type Database } from './db/connection.js';
import { clientErrorHandler, frameworkErrors, registerErrorHandler } from './http/errors.js';
import { registerJsonBodyParser } from './http/json-body.js';
import { parseFilterTimestamp } from './values/formats.js';
import { CURRENCY_FORMAT, dropUndeclaredProperties, requiredUnlessKeyword, LABELS_KEYWORD } from './http/schemas.js';
import { ISO_CURRENCIES } from './values/money.js';
import { lazySchemaCompilers } from './http/lazy-compilers.js';
import { countCache, recordWriteRoute, registerCsv } from './http/list/index.js';
import { registerApiHooks } from './plugins/api.js';
import { registerWritePath } from './plugins/write-path/index.js';
import { RecordRegistry } from './plugins/write-path/records.js';
import { ChangeLog } from './plugins/write-path/change-log.js';
import { registerMetrics } from './plugins/metrics.js';
import { registerCors } from './plugins/cors.js';
import { registerProxyTrust } from './plugins/proxy.js';
import { loggerOptions, registerRequestLog } from './plugins/logging.js';
import { registerDocumentCompression } from './plugins/compress-documents.js';
import { editionDocument, registerDocsRoutes, registerOpenApi, withServer } from './plugins/openapi.js';
import { registerWebApp } from './plugins/web-app.js';
import { MemoryRateLimiter, RedisRateLimiter, type RateLimiter } from './plugins/rate-limit.js';
import { API_PREFIX, RouteRegistry, registerRouting } from './plugins/routing.js';
import { DOCS_TAGS, EXAMPLES, registerModules } from './modules/index.js';
import { tenantCache } from './tenancy/tenants.js';
import { tokenCache } from './tenancy/tokens.js';
import { callerCache } from './access/caller.js';
import { WebhookWorker } from './modules/webhooks/webhooks.worker.js';
import type { ZkApp } from './types.js';
import './types.js';

export interface BuildOptions {
  /** Use this database instead of opening one from config (tests, CLI). It is closed with the app unless keepDatabase. */
  database?: Database;
  keepDatabase?: boolean;
  logger?: FastifyServerOptions['logger'];
  rateLimiter?: RateLimiter;
}

export async function buildApp(config: Config, opts: BuildOptions = {}): Promise<ZkApp> {
  const database = opts.database ?? openDatabase(config.database);
  const rateLimiter = opts.rateLimiter ?? createRateLimiter(config);
  tenantCache.ttlMs = config.tenantCacheMs;
  tokenCache.ttlMs = config.tenantCacheMs;
  callerCache.ttlMs = config.tenantCacheMs;
  countCache.ttlMs = config.countCacheMs;

  const schemaController = lazySchemaCompilers();
  const app = Fastify({
    logger: opts.logger ?? loggerOptions(config),
    disableRequestLogging: true,
    trustProxy: config.trustProxy,
    bodyLimit: config.bodyLimit,
    // Node answers 408 when headers or the whole request take longer; it looks every second, not every 30 s.
    requestTimeout: Math.max(config.timeouts.requestMs, config.timeouts.headersMs),
    http: { headersTimeout: config.timeouts.headersMs, connectionsCheckingInterval: 1000 },
    clientErrorHandler,
    // Shutdown closes idle connections itself (server.ts): Fastify's default would reset just-accepted ones.
    forceCloseConnections: false,
    // A request on a connection accepted before shutdown is answered, not refused with 503 (server.ts).
    return503OnClosing: false,
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 500 },
    requestIdHeader: 'x-request-id',
    genReqId: () => randomUUID(),
    frameworkErrors,
    // Each route's validators and serializers are compiled on its first request, not at start (http/lazy-compilers.ts).
    schemaController,
    ajv: {
      customOptions: {
        allErrors: true,
        allowUnionTypes: true,
        coerceTypes: 'array',
        removeAdditional: true,
        useDefaults: true,
      },
      plugins: [
        (ajv: any) =>
          ajv.addFormat('filter-timestamp', {
            type: 'string',
            validate: (s: string) => parseFilterTimestamp(s) !== null,
          }),
        (ajv: any) =>
          ajv.addFormat(CURRENCY_FORMAT, { type: 'string', validate: (s: string) => ISO_CURRENCIES.has(s) }),
        // Names the label set an enumerated input also takes names from (values/labels.ts); coerceInput applies it.
        (ajv: any) => ajv.addKeyword({ keyword: LABELS_KEYWORD, schemaType: 'string' }),
        requiredUnlessKeyword,
      ],
    },
  }).withTypeProvider<TypeBoxTypeProvider>();

  // Redis going away or coming back is logged once per change; requests then pass unlimited without waiting.
  rateLimiter.onAvailability = (available, err) =>
    available
      ? app.log.info('rate limiter available again: limits apply')
      : app.log.warn({ err }, 'rate limiter unavailable: requests pass without limits until it is back');
  await rateLimiter.ready?.(2000);
  if (database.reads)
    database.reads.onHealth = (replica, healthy, err) =>
      healthy
        ? app.log.info({ replica }, 'read replica answers again: reads may use it')
        : app.log.warn({ replica, err }, 'read replica failed: its reads go to the primary for a while');
  const webhooks = new WebhookWorker(database.system, database.dialect, {
    allowPrivate: config.webhooksAllowPrivate,
    retryBaseMs: config.webhookRetryBaseMs,
    secretKey: config.webhookSecretKey,
  });
  app.decorate('zk', {
    db: database.db,
    dialect: database.dialect,
    reads: database.reads,
    config,
    rateLimiter,
    webhooks,
    records: new RecordRegistry(),
    changeLog: new ChangeLog(),
    examples: EXAMPLES,
    compileSchemas: schemaController.compileAll,
  });
  app.decorateRequest('tenant', null as any);
  app.decorateRequest('token', null);
  app.decorateRequest('session', null);
  app.decorateRequest('caller', null as any);
  app.decorateRequest('rows', 'all');
  app.decorateRequest('db', null as any);
  app.decorateRequest('write', null);
  app.addHook('onSend', async (request, reply) => {
    reply.header('X-Request-Id', request.id);
  });
  app.addHook('onClose', async () => {
    await webhooks.stop();
    await rateLimiter.close();
    if (!opts.keepDatabase) await database.close();
  });

  const registry = new RouteRegistry();
  registerProxyTrust(app, config.trustProxy);
  registerRouting(app, registry);
  registerErrorHandler(app);
  app.addHook('onRoute', (route) => {
    dropUndeclaredProperties(route.schema?.body);
    recordWriteRoute(route);
  });
  registerJsonBodyParser(app);
  await registerOpenApi(app);
  registerMetrics(app, { rateLimiter, token: config.metricsToken });
  await registerCors(app, config.corsOrigins);
  registerRequestLog(app);
  registerCsv(app);
  registerDocumentCompression(app);

  app.get('/healthz', { schema: { hide: true } }, async () => ({ status: 'ok' }));
  app.get('/readyz', { schema: { hide: true } }, async (_request, reply) => {
    try {
      await sql`SELECT 1`.execute(database.db);
      // Serving without rate limits is degraded, not unready: the process answers (200) and says so.
      if (!rateLimiter.available)
        return { status: 'degraded', database: database.dialect, rate_limiter: 'unavailable' };
      return { status: 'ok', database: database.dialect };
    } catch {
      return reply.code(503).send({ status: 'unavailable', database: database.dialect });
    }
  });

  await app.register(
    async (api) => {
      registerApiHooks(api);
      registerWritePath(api);
      api.get('/openapi.json', { schema: { hide: true }, config: { editions: ['full', 'clock'] } }, async (request) =>
        withServer(editionDocument(app, registry, request.tenant.edition, request.tenant), request),
      );
      await registerModules(api as ZkApp);
    },
    { prefix: API_PREFIX },
  );
  await registerDocsRoutes(app, registry, DOCS_TAGS);
  registerWebApp(app);
  return app as unknown as ZkApp;
}

export function createRateLimiter(config: Config): RateLimiter {
  const windows = [
    { limit: config.rateLimit.perFiveMinutes, seconds: 300 },
    { limit: config.rateLimit.perHour, seconds: 3600 },
  ];
  return config.redisUrl ? new RedisRateLimiter(config.redisUrl, windows) : new MemoryRateLimiter(windows);
}
