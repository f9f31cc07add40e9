// Fastify type augmentation shared by every plugin and module.
import type { Kysely, SelectQueryBuilder } from 'kysely';
import type {
  FastifyInstance,
  FastifyBaseLogger,
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
} from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { Config } from './config.js';
import type { Dialect } from './db/dialect.js';
import type { DB } from './db/schema.js';
import type { ReadRouter } from './db/read-replicas.js';
import type { TenantDb } from './db/tenant-scope.js';
import type { Edition, ModuleName, Tenant } from './tenancy/tenants.js';
import type { TokenInfo } from './tenancy/tokens.js';
import type { SessionInfo } from './tenancy/sessions.js';
import type { Caller } from './access/caller.js';
import type { Rows } from './access/matrix.js';
import type { AreaRows } from './access/rows.js';
import type { RateLimiter } from './plugins/rate-limit.js';
import type { WriteState } from './plugins/write-path/index.js';
import type { RecordRegistry } from './plugins/write-path/records.js';
import type { ChangeLog } from './plugins/write-path/change-log.js';
import type { TryItOutExamples } from './plugins/docs-examples.js';
import type { WebhookWorker } from './modules/webhooks/webhooks.worker.js';

export interface AppContext {
  db: Kysely<DB>;
  dialect: Dialect;
  /** PostgreSQL read replicas (db/read-replicas.ts): the database of read requests; absent without replicas. */
  reads?: ReadRouter;
  config: Config;
  rateLimiter: RateLimiter;
  /** Sends the webhook outbox (started by serve; tests run it round by round). */
  webhooks: WebhookWorker;
  /** What the change feed shows: each module declares its records here (plugins/write-path/records.ts). */
  records: RecordRegistry;
  /** Where the write path records the changes and who hears of them: the modules register (plugins/write-path/change-log.ts). */
  changeLog: ChangeLog;
  /** The "Try it out" bodies of /docs and the OpenAPI document's schema examples (each module's <module>.examples.ts). */
  examples: TryItOutExamples;
  /** Compiles every route's validators and serializers now (they compile on first use otherwise; http/lazy-compilers.ts). */
  compileSchemas(): number;
}

declare module 'fastify' {
  interface FastifyInstance {
    zk: AppContext;
  }
  interface FastifyRequest {
    tenant: Tenant;
    /** The bearer token of the request; null when a sign-in session calls (`session`). */
    token: TokenInfo | null;
    /** The sign-in session of the request (its cookie; tenancy/sessions.ts); null when a token calls. */
    session: SessionInfo | null;
    /** Who is calling (access/caller.ts) and the rows of the route's area they reach (access/authorize.ts). */
    caller: Caller;
    /** Why a 401 was answered, for the request's log line only: the answer says `Unauthenticated.` alike. */
    authFailure?: string;
    rows: Rows;
    /**
     * The caller's rows of a list route, as a condition on the list's query (access/rows.ts): http/list applies it
     * (and marks it `applied`); a list answered without it is refused rather than shown unfiltered.
     */
    listFilter?: { (qb: SelectQueryBuilder<any, any, any>): SelectQueryBuilder<any, any, any>; applied?: boolean };
    /** How a reached record of another employee is shown (access/rows.ts): applied to the items of `data`. */
    redact?: (item: unknown) => unknown;
    /** The tenant's view of the database (db/tenant-scope.ts): what routes hand to repositories. */
    db: TenantDb;
    /** A write request's transaction and what it records (plugins/write-path); null on reads. */
    write: WriteState | null;
  }
  interface FastifyContextConfig {
    /** The permission area of the route (access/matrix.ts); set for every route of a module to the module's folder name. */
    area?: string;
    /** How the area's routes name a record's employee (access/rows.ts), declared by the module's index.ts. */
    rowRules?: AreaRows;
    /** Editions on which the route exists (default: full only). */
    editions?: readonly Edition[];
    /** Module the route needs; without it the tenant gets 404. */
    module?: ModuleName;
    /** Deprecated route: Deprecation/Sunset/Link headers are added (see http/deprecation.ts). */
    deprecated?: { since: string; sunset: string };
    /**
     * false: the route's records are not shown by the change feed. What the feed shows is what the modules declare as
     * records (plugins/write-path/records.ts; `feed: false` there keeps versions without feed entries, as webhook
     * subscriptions do), so this flag only documents the route.
     */
    changeFeed?: boolean;
    /** A booking: on SQLite it shares a COMMIT with the bookings arriving meanwhile (plugins/write-path/group-commit.ts). */
    groupCommit?: boolean;
    /**
     * A route anyone may call without a token or session (signing in): the API hook checks only that the instance
     * name is well formed; the route resolves the tenant itself and answers an unknown one like a refusal.
     */
    public?: boolean;
    /** Beyond the real API (zeitkonto extension): marked x-zeitkonto-extension in the OpenAPI document. */
    extension?: boolean;
  }
}

/** The Fastify instance type every module registers its routes on. */
export type ZkApp = FastifyInstance<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  FastifyBaseLogger,
  TypeBoxTypeProvider
>;
