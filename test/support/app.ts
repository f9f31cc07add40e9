// buildTestApp per dialect, and a per-test tenant with a token and an HTTP client over app.inject.
import crypto from 'node:crypto';
import { after, before, describe } from 'node:test';
import type { InjectOptions } from 'fastify';
import { buildApp } from '../../src/app.js';
import { loadConfig, type Config } from '../../src/config.js';
import { openDatabase, type Database, type OpenOptions } from '../../src/db/connection.js';
import { migrate } from '../../src/db/migrate.js';
import { guardTenantScope, type TenantScopeGuard } from '../../src/db/tenant-scope-guard.js';
import {
  createTenant,
  tenantCache,
  updateTenant,
  type Edition,
  type ModuleName,
  type Tenant,
  type TenantSettings,
} from '../../src/tenancy/tenants.js';
import { createToken, tokenCache } from '../../src/tenancy/tokens.js';
import { recordIdTables } from '../../src/db/record-ids.js';
import { forTenant } from '../../src/db/tenant-scope.js';
import type { DB } from '../../src/db/schema.js';
import type { Kysely } from 'kysely';
import type { ZkApp } from '../../src/types.js';
import { testDatabaseConfig, type TestDialect } from './db.js';

export const DIALECTS: TestDialect[] = (process.env.ZK_TEST_DIALECTS ?? 'sqlite,postgres').split(',') as TestDialect[];

export interface Response {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: any;
  text: string;
  /** The body's bytes (file downloads). */
  raw: Buffer;
}

export interface Client {
  tenant: Tenant;
  token: string;
  /** Request a path relative to the tenant's base URL (/instance/next/api/v1). */
  get(path: string, opts?: Partial<InjectOptions>): Promise<Response>;
  post(path: string, body?: unknown, opts?: Partial<InjectOptions>): Promise<Response>;
  patch(path: string, body?: unknown, opts?: Partial<InjectOptions>): Promise<Response>;
  put(path: string, body?: unknown, opts?: Partial<InjectOptions>): Promise<Response>;
  delete(path: string, opts?: Partial<InjectOptions>): Promise<Response>;
  request(method: string, path: string, body?: unknown, opts?: Partial<InjectOptions>): Promise<Response>;
  /** Change the tenant's edition, modules or settings. */
  update(changes: {
    edition?: Edition;
    modules?: ModuleName[];
    settings?: TenantSettings;
    language?: string;
  }): Promise<void>;
}

export interface TestContext {
  dialect: TestDialect;
  /** The tenant-scope guard every statement passes (src/db/tenant-scope-guard.ts). */
  guard: TenantScopeGuard;
  app: ZkApp;
  database: Database;
  config: Config;
  /**
   * A fresh tenant with its own token (each test makes its own data). Its record ids start at a point of their own
   * (startRecordIds), so one tenant's ids name nothing in another's unless a test wants that; `naturalIds` keeps the
   * production numbering from 1.
   */
  tenant(opts?: {
    edition?: Edition;
    modules?: ModuleName[];
    settings?: TenantSettings;
    language?: string;
    readOnly?: boolean;
    naturalIds?: boolean;
  }): Promise<Client>;
  /** A client for an existing tenant and one of its tokens (e.g. a generated tenant). */
  client(tenant: Tenant, token: string): Client;
  inject(opts: InjectOptions): Promise<Response>;
}

export const uniqueName = (prefix = 't') => `${prefix}${crypto.randomBytes(5).toString('hex')}`;

/**
 * Test tenants number their records from 100,000 × (1 + their id mod 20,000) on (src/db/record-ids.ts numbers per
 * tenant): the tenant-isolation sweeps and every "another tenant's id is 404" check then name ids the other tenant
 * does not have, as they did while ids were shared. The standard department the tenant was created with moves
 * into that range too (nothing refers to it yet).
 */
export async function startRecordIds(db: Kysely<DB>, numbered: readonly string[], tenantId: number): Promise<void> {
  const start = ((tenantId % 20_000) + 1) * 100_000;
  await forTenant(db, tenantId)
    .updateTable('departments')
    .set({ id: start })
    .where('id', '<', start)
    .where('is_standard', '=', true)
    .execute();
  await db
    .insertInto('record_ids')
    .values(numbered.map((table_name) => ({ tenant_id: tenantId, table_name, last_id: start })))
    .onConflict((oc) =>
      oc.columns(['tenant_id', 'table_name']).doUpdateSet({
        last_id: (eb) =>
          eb.case().when('record_ids.last_id', '<', start).then(start).else(eb.ref('record_ids.last_id')).end(),
      }),
    )
    .execute();
}

function toResponse(res: { statusCode: number; headers: any; body: string; rawPayload: Buffer }): Response {
  let body: any = undefined;
  try {
    body = res.body === '' ? undefined : JSON.parse(res.body);
  } catch {
    body = undefined;
  }
  return { status: res.statusCode, headers: res.headers, body, text: res.body, raw: res.rawPayload };
}

/** Registers extra routes or hooks on the app before it is ready (tests of shared mechanisms). */
export type AppSetup = (app: ZkApp) => void | Promise<void>;

export async function buildTestApp(
  dialect: TestDialect,
  overrides: Partial<Config> = {},
  setup?: AppSetup,
  open: OpenOptions = {},
): Promise<TestContext & { close(): Promise<void> }> {
  const { config: dbConfig, cleanup } = await testDatabaseConfig(dialect);
  const config: Config = {
    ...loadConfig({ LOG_LEVEL: 'silent', TENANT_CACHE_MS: '0', COUNT_CACHE_MS: '0' }),
    database: dbConfig,
    ...overrides,
  };
  const opened = openDatabase(dbConfig, { poolSize: 5, ...open });
  await migrate(opened.db, opened.dialect);
  const numbered = await recordIdTables(opened.db, opened.dialect);
  // Every statement of the app and of the tests goes through the tenant-scope guard: an unscoped query fails.
  const { db, guard } = await guardTenantScope(opened.db, opened.dialect);
  const database: Database = { ...opened, db };
  const app = await buildApp(config, { database, logger: false });
  await setup?.(app);
  await app.ready();

  const inject = async (opts: InjectOptions) => toResponse(await app.inject(opts));
  const ctx: TestContext = {
    dialect,
    guard,
    app,
    database,
    config,
    inject,
    async tenant(opts = {}) {
      const tenant = await createTenant(database.db, {
        instance: uniqueName('t'),
        edition: opts.edition,
        modules: opts.modules,
        settings: opts.settings,
        language: opts.language,
      });
      if (!opts.naturalIds) await startRecordIds(database.db, numbered, tenant.id);
      const { token } = await createToken(database.db, tenant.id, { readOnly: opts.readOnly });
      return ctx.client(tenant, token);
    },
    client(tenant, token) {
      const request = (method: string, path: string, body?: unknown, extra: Partial<InjectOptions> = {}) =>
        inject({
          method: method as any,
          url: `/${tenant.instance}/next/api/v1${path}`,
          headers: { authorization: `Bearer ${token}`, accept: 'application/json', ...(extra.headers ?? {}) },
          ...(body !== undefined ? { payload: body as any } : {}),
          ...Object.fromEntries(Object.entries(extra).filter(([k]) => k !== 'headers')),
        });
      const client: Client = {
        tenant,
        token,
        request,
        get: (p, o) => request('GET', p, undefined, o),
        post: (p, b, o) => request('POST', p, b, o),
        patch: (p, b, o) => request('PATCH', p, b, o),
        put: (p, b, o) => request('PUT', p, b, o),
        delete: (p, o) => request('DELETE', p, undefined, o),
        async update(changes) {
          client.tenant = await updateTenant(database.db, tenant.instance, changes);
        },
      };
      return client;
    },
  };
  return {
    ...ctx,
    async close() {
      await app.close();
      await cleanup();
      // The tenant and token caches are per process: the next app of this process (the other dialect's database,
      // where the same instance name may be another tenant) must not find this one's entries.
      tenantCache.invalidate();
      tokenCache.clear();
    },
  };
}

/**
 * Run a suite on every dialect (SQLite and PostgreSQL): `forEachDialect('customers', (t) => { test(...) })`.
 * `t()` returns the context built for that dialect. `overrides` change the config; `setup` adds routes before ready;
 * `open` passes database options (e.g. onQuery to capture SQL).
 */
export function forEachDialect(
  name: string,
  body: (ctx: () => TestContext) => void,
  overrides: Partial<Config> = {},
  setup?: AppSetup,
  open?: OpenOptions,
): void {
  for (const dialect of DIALECTS) {
    describe(`${name} [${dialect}]`, () => {
      let ctx: Awaited<ReturnType<typeof buildTestApp>> | undefined;
      before(async () => {
        ctx = await buildTestApp(dialect, overrides, setup, open);
      });
      after(async () => {
        await ctx?.close();
        if (ctx?.guard.violations.length)
          throw new Error(`statements without a tenant scope:\n${ctx.guard.violations.join('\n')}`);
      });
      body(() => {
        if (!ctx) throw new Error('test app not built');
        return ctx;
      });
    });
  }
}
