// OpenAPI 3.1 generated from the route schemas, one document per edition:
// /openapi/full.json, /openapi/clock.json, /:instance/next/api/v1/openapi.json, and the reference page /docs.
import fs from 'node:fs';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Edition, Tenant } from '../tenancy/tenants.js';
import { requestBase } from '../http/list/envelope.js';
import { ForbiddenBody } from '../http/schemas.js';
import { DOCS_GROUPS, groupDocuments, type DocsTags } from './docs-groups.js';
import { resolveExamples, withExamples, type Examples } from './docs-examples.js';
import { tenantCache } from '../tenancy/tenants.js';
import { toOpenApi30 } from './openapi-30.js';
import { refineDocument } from './openapi-document.js';
import { API_PREFIX, type RouteRegistry } from './routing.js';
import { describeWritePath } from './write-path/openapi.js';

const DESCRIPTION = `Time, project and customer administration REST API, compatible with the ZEP "next" REST API v1.

Guides: [README](/docs/readme) — quick start, configuration, the \`zeitkonto\` command, lists, CSV export, formats,
errors, rate limits. To try an operation here: **Authorize** with a token (\`zeitkonto token create demo\` prints
one for the demo tenant), open an operation, **Try it out**, **Execute**.

Every path is relative to \`/{instance}/next/api/v1\`; the instance selects the tenant. Authenticate with
\`Authorization: Bearer <token>\`, or sign in at POST /sessions (a session cookie; its writes repeat \`X-CSRF-Token\`). Lists are paginated (\`page\`, \`limit\` 1..200 default 15, \`orderBy\`, \`order\`,
\`modified_after\`, \`modified_before\`). Errors: 401/403/404 \`{message}\`, 422 \`{message, errors}\`, 429 with
Retry-After. Rate limits per token or session: 1000 requests per 5 minutes and 12000 per hour.

zeitkonto extensions (marked \`x-zeitkonto-extension\`): Idempotency-Key on every write, ETags with If-None-Match and
If-Match, the change feed GET /changes, webhooks at /webhooks, bulk booking POST /attendances/bulk.`;

const LOGO = `<svg xmlns="http://www.w3.org/2000/svg" width="190" height="40" viewBox="0 0 190 40"><text x="0" y="29" font-family="sans-serif" font-size="28" font-weight="bold" fill="#fff">zeitkonto</text></svg>`;

export async function registerOpenApi(app: FastifyInstance): Promise<void> {
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'zeitkonto API',
        version: '1.0.0',
        description: DESCRIPTION,
        license: { name: 'MIT', url: 'https://opensource.org/licenses/MIT' },
      },
      components: {
        securitySchemes: {
          bearerAuth: {
            type: 'http',
            scheme: 'bearer',
            description:
              'A service token of the tenant or a personal token of an employee (acts with their rights), optionally narrowed by scopes "<area>:read|write". Each operation names the permission it needs in `x-permission`; without it the answer is 403 naming it (docs/api/permissions.md).',
          },
          cookieAuth: {
            type: 'apiKey',
            in: 'cookie',
            name: 'zk_session',
            description:
              "A sign-in session of an employee (POST /sessions; zeitkonto extension): acts with their rights, without scopes. Sent only when there is no Authorization header. Every POST, PUT, PATCH and DELETE authenticated by the cookie carries the header `X-CSRF-Token` with the session's `csrf_token`; without it the answer is 403 (docs/api/permissions.md#sessions).",
          },
        },
      },
      security: [{ bearerAuth: [] }, { cookieAuth: [] }],
    },
  });
}

/** How long resolved "Try it out" examples are reused (records the examples name may be deleted meanwhile). */
const EXAMPLES_TTL_MS = 60_000;

const toOpenApiPath = (url: string) => url.replace(/:([A-Za-z0-9_]+)/g, '{$1}');

/** The document for one edition, optionally narrowed to one tenant's modules; its server URL is relative until withServer. */
export function editionDocument(
  app: FastifyInstance,
  registry: RouteRegistry,
  edition: Edition,
  tenant?: Tenant,
): Record<string, any> {
  const full = structuredClone(app.swagger()) as Record<string, any>;
  const prefix = toOpenApiPath(API_PREFIX);
  const paths: Record<string, any> = {};
  for (const route of registry.routes) {
    if (!route.api || !route.editions.includes(edition)) continue;
    if (tenant && route.module && !tenant.modules.has(route.module)) continue;
    const openPath = toOpenApiPath(route.url);
    const ops = full.paths?.[openPath];
    if (!ops) continue;
    const target = (paths[openPath.slice(prefix.length) || '/'] ??= {});
    for (const method of route.methods) {
      const op = ops[method.toLowerCase()];
      if (!op || method === 'HEAD') continue;
      op.parameters = (op.parameters ?? []).filter((p: any) => !(p.in === 'path' && p.name === 'instance'));
      if (route.module) op['x-module'] = route.module;
      if (route.public) {
        // Signing in: no token, no session, no permission (docs/api/permissions.md "Sessions").
        op.security = [];
      } else if (route.area) {
        // Who may call it (docs/api/permissions.md); every such operation may answer 403 naming the permission.
        op['x-permission'] = `${route.area}:${method === 'GET' ? 'read' : 'write'}`;
        op.responses ??= {};
        op.responses['403'] ??= {
          description: '',
          content: { 'application/json': { schema: structuredClone(ForbiddenBody) } },
        };
      }
      // Signing in takes no Idempotency-Key: a stored answer would keep the new session's secret.
      if (!route.public) describeWritePath(op, method, openPath, route.extension);
      target[method.toLowerCase()] = op;
    }
  }
  full.paths = Object.fromEntries(Object.entries(paths).sort(([a], [b]) => a.localeCompare(b)));
  full.info = { ...full.info, title: `zeitkonto API (${edition} edition)` };
  full.servers = [
    tenant
      ? { url: `/${tenant.instance}/next/api/v1`, description: `Tenant ${tenant.instance}` }
      : {
          url: '/{instance}/next/api/v1',
          variables: { instance: { default: 'demo', description: 'Tenant instance name' } },
        },
  ];
  return refineDocument(full, app.zk.examples.bodies);
}

/** The document as served: its server URL absolute for the host that serves it. */
export function withServer(doc: Record<string, any>, req: FastifyRequest): Record<string, any> {
  return {
    ...doc,
    servers: doc.servers.map((s: Record<string, unknown>) => ({ ...s, url: `${requestBase(req)}${s.url}` })),
  };
}

/** `docsTags`: the /docs group of each tag (declared by the modules, src/modules/index.ts DOCS_TAGS). */
export async function registerDocsRoutes(
  app: FastifyInstance,
  registry: RouteRegistry,
  docsTags: DocsTags,
): Promise<void> {
  const cache = new Map<Edition, Record<string, any>>();
  const doc = (edition: Edition) => {
    let d = cache.get(edition);
    if (!d) cache.set(edition, (d = editionDocument(app, registry, edition)));
    return d;
  };
  app.get('/openapi/full.json', { schema: { hide: true } }, async (req) => withServer(doc('full'), req));
  app.get('/openapi/clock.json', { schema: { hide: true } }, async (req) => withServer(doc('clock'), req));
  let full30: Record<string, any> | undefined;
  const doc30 = () => (full30 ??= toOpenApi30(doc('full')));
  app.get('/openapi/full-3.0.json', { schema: { hide: true } }, async (req) => withServer(doc30(), req));
  // The documents /docs loads: one per group of tags (docs-groups.ts) and `all`, each with the "Try it out"
  // examples of the demo tenant (docs-examples.ts).
  let groups: ReturnType<typeof groupDocuments> | undefined;
  const groupDocs = () =>
    (groups ??= new Map([...groupDocuments(doc30(), docsTags), ['all', { name: 'All operations', doc: doc30() }]]));
  let examples: { tenantId: number | undefined; at: number; value: Promise<Examples | undefined> } | undefined;
  const demoExamples = async (): Promise<Examples | undefined> => {
    const tenant = await tenantCache.get(app.zk.db, app.zk.config.docsInstance);
    const resolve = () =>
      tenant ? resolveExamples(app, doc30(), tenant.instance).catch(() => undefined) : Promise.resolve(undefined);
    // A regenerated demo tenant is a new tenant (new id): its examples are resolved before they are served.
    if (!examples || examples.tenantId !== tenant?.id)
      examples = { tenantId: tenant?.id, at: Date.now(), value: resolve() };
    else if (Date.now() - examples.at > EXAMPLES_TTL_MS) {
      // Older than EXAMPLES_TTL_MS: served once more while they are resolved anew.
      const current = examples;
      current.at = Date.now();
      const next = resolve();
      void next.then((value) => {
        if (examples === current) examples = { ...current, value: Promise.resolve(value) };
      });
    }
    return examples.value;
  };
  // The page's documents and examples are built once soon after the server listens (about 1.5 s of CPU,
  // docs/performance.md), not on the first visit to /docs; only when the demo tenant exists (without it there are no
  // examples, and the group documents are built on the first request). The timer is cleared when the app closes.
  let warmUp: NodeJS.Timeout | undefined;
  let closed = false;
  app.addHook('onListen', async () => {
    warmUp = setTimeout(() => {
      warmUp = undefined;
      void (async () => {
        if (!(await tenantCache.get(app.zk.db, app.zk.config.docsInstance)) || closed) return;
        groupDocs();
        await demoExamples();
      })().catch(() => undefined); // built again, and an error answered, on the first request
    }, 1000).unref();
  });
  app.addHook('onClose', async () => {
    closed = true;
    clearTimeout(warmUp);
    warmUp = undefined;
  });
  app.get('/openapi/docs/:group', { schema: { hide: true } }, async (req, reply) => {
    const group = groupDocs().get((req.params as { group: string }).group.replace(/\.json$/, ''));
    return group
      ? withServer(withExamples(group.doc, await demoExamples()), req)
      : reply.code(404).send({ message: 'No such group' });
  });
  // The operator's guide the reference links to: the README, as text.
  const readme = fs.readFileSync(new URL('../../README.md', import.meta.url), 'utf8');
  app.get('/docs/readme', { schema: { hide: true } }, async (_req, reply) =>
    reply.type('text/markdown; charset=utf-8').send(readme),
  );
  // The page opens on the first group's document and offers the others, and the whole API, in its top bar: Swagger
  // UI's first render grows with the document it resolves (docs/performance-archive.md, "The /docs page").
  const urls = [
    ...DOCS_GROUPS.map((g) => ({ name: g.name, url: `/openapi/docs/${g.slug}.json` })),
    { name: 'All operations (slower to open)', url: '/openapi/docs/all.json' },
  ];
  await app.register(swaggerUi, {
    routePrefix: '/docs',
    // Collapsed tags and no model list: the page renders at once; an operation expands on click.
    uiConfig: {
      urls,
      'urls.primaryName': urls[0]!.name,
      docExpansion: 'none',
      deepLinking: true,
      defaultModelsExpandDepth: -1,
      persistAuthorization: true,
      tryItOutEnabled: false,
      filter: true,
    } as Record<string, unknown>,
    theme: { title: 'zeitkonto API reference' },
    // The page starts resolving the examples while the browser loads Swagger UI.
    uiHooks: {
      onRequest: async (req: FastifyRequest) => {
        if (!req.url.includes('/static/')) void demoExamples().catch(() => undefined);
      },
    },
    logo: { type: 'image/svg+xml', content: LOGO, href: '/docs' },
    // The page reads the 3.0 rendition: Swagger UI resolves it ~3x faster than the 3.1 document (docs/performance.md).
    transformSpecification: (_spec, req) => withServer(doc30(), req as FastifyRequest),
    transformSpecificationClone: false,
  });
}
