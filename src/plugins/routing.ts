// Route registry: every route is recorded once (methods, URL, gating config). It answers 405 for a known path
// with a wrong method, a JSON 404 for unknown routes, and tells the OpenAPI builder which edition has which route.
import FindMyWay from 'find-my-way';
import type { FastifyInstance, FastifyReply, FastifyRequest, RouteOptions } from 'fastify';
import type { Edition, ModuleName } from '../tenancy/tenants.js';

export interface RegisteredRoute {
  methods: string[];
  url: string;
  editions: readonly Edition[];
  module?: ModuleName;
  api: boolean;
  /** A zeitkonto extension (route config `extension`). */
  extension: boolean;
  /** The permission area of the route (access/matrix.ts). */
  readonly area?: string;
  /** Callable without a token or session (route config `public`: signing in). */
  public: boolean;
}

export const API_PREFIX = '/:instance/next/api/v1';
const METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;

export class RouteRegistry {
  readonly routes: RegisteredRoute[] = [];
  // A router of the recorded routes, for 405 answers: built on its first use (a request for an unknown route), not
  // route by route at start, where filling a second router cost ~10 % of the start-up time.
  #router: ReturnType<typeof FindMyWay> | undefined;
  #routed = 0;

  record(route: RouteOptions) {
    const methods = (Array.isArray(route.method) ? route.method : [route.method]).map((m) => m.toUpperCase());
    const url = route.url;
    const config = (route.config ?? {}) as {
      editions?: readonly Edition[];
      module?: ModuleName;
      extension?: boolean;
      public?: boolean;
    };
    this.routes.push({
      methods,
      url,
      editions: config.editions ?? ['full'],
      module: config.module,
      api: url.startsWith(API_PREFIX),
      extension: config.extension === true,
      public: config.public === true,
      // Read later: a module's onRoute hook names the area after this (root) hook has run (modules/index.ts).
      get area() {
        return (route.config as { area?: string } | undefined)?.area;
      },
    });
  }

  #currentRouter(): ReturnType<typeof FindMyWay> {
    if (this.#router && this.#routed === this.routes.length) return this.#router;
    const router = FindMyWay({ ignoreTrailingSlash: true });
    for (const { methods, url } of this.routes) {
      for (const m of methods) {
        if (!(METHODS as readonly string[]).includes(m)) continue;
        try {
          router.on(m as any, url, () => {});
        } catch {
          // duplicate registration (e.g. HEAD added by Fastify for GET) is harmless here
        }
      }
    }
    this.#routed = this.routes.length;
    return (this.#router = router);
  }

  /** Methods that exist for a concrete path. */
  allowedMethods(path: string): string[] {
    const router = this.#currentRouter();
    return METHODS.filter((m) => router.find(m as any, path) !== null);
  }

  find(method: string, url: string): RegisteredRoute | undefined {
    return this.routes.find((r) => r.url === url && r.methods.includes(method.toUpperCase()));
  }
}

/** "The route {tenant}/next/api/v1/{path} could not be found." — path without leading slash or query. */
export function routeNotFoundMessage(request: FastifyRequest): string {
  const path = decodeURIComponentSafe(request.url.split('?')[0].replace(/^\/+/, ''));
  return `The route ${path} could not be found.`;
}

function decodeURIComponentSafe(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

export function registerRouting(app: FastifyInstance, registry: RouteRegistry): void {
  app.addHook('onRoute', (route) => registry.record(route));
  app.setNotFoundHandler((request: FastifyRequest, reply: FastifyReply) => {
    const path = request.url.split('?')[0];
    const allowed = registry.allowedMethods(path);
    reply.type('application/json; charset=utf-8');
    if (allowed.length > 0) {
      const route = path.replace(/^\/+/, '');
      return reply
        .code(405)
        .header('Allow', allowed.join(', '))
        .send({
          message: `The ${request.method} method is not supported for route ${route}. Supported methods: ${allowed.join(', ')}.`,
        });
    }
    return reply.code(404).send({ message: routeNotFoundMessage(request) });
  });
}
