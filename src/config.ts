// Environment -> typed configuration, validated once at start.
import net from 'node:net';
import path from 'node:path';

/** SQLite's synchronous setting (WAL mode): FULL syncs every commit, NORMAL only at checkpoints (README). */
export type SqliteSynchronous = 'FULL' | 'NORMAL';
export const SQLITE_SYNCHRONOUS_DEFAULT: SqliteSynchronous = 'FULL';

export type DatabaseConfig =
  | { dialect: 'sqlite'; file: string; synchronous?: SqliteSynchronous }
  | { dialect: 'postgres'; url: string; replicas?: ReadReplicaConfig };

/** PostgreSQL read replicas for reads that tolerate lag (docs/scaling.md, "Read replicas"). */
export interface ReadReplicaConfig {
  urls: string[];
  /** A replica further behind the primary than this is skipped. */
  maxLagMs: number;
  /** A replica whose connection failed is skipped for this long. */
  retryMs: number;
  /** How often the primary's WAL position and each replica's replay position are sampled. */
  pollMs: number;
  /** Where callers' write positions are shared between processes (REDIS_URL); null: this process only. */
  redisUrl: string | null;
}

export interface Config {
  port: number;
  host: string;
  database: DatabaseConfig;
  redisUrl: string | null;
  logLevel: string;
  /** json, or pretty (readable lines); unset: pretty when stdout is a terminal. */
  logFormat: 'json' | 'pretty';
  /**
   * Whose X-Forwarded-* headers are believed: nobody (false), every peer (true: only when nothing but the proxy can
   * reach the port), or the listed proxies' addresses and CIDR ranges.
   */
  trustProxy: boolean | string[];
  /** Origins allowed to call the API from a browser page elsewhere (CORS); empty: CORS off. `*`: any origin. */
  corsOrigins: string[];
  /** When set, GET /metrics needs `Authorization: Bearer <this>`. */
  metricsToken: string | null;
  bodyLimit: number;
  uploadLimit: number;
  /** A request's headers and body must arrive within these (slow clients do not hold sockets for minutes). */
  timeouts: { headersMs: number; requestMs: number };
  rateLimit: { perFiveMinutes: number; perHour: number };
  tenantCacheMs: number;
  countCacheMs: number;
  nodeEnv: string;
  /** How long a stored Idempotency-Key response is replayed. */
  idempotencyKeyHours: number;
  /** How long the change feed keeps tombstones and superseded changes. */
  changeRetentionDays: number;
  /** Webhook deliveries to private, loopback and link-local addresses (off by default; self-hosting may allow them). */
  webhooksAllowPrivate: boolean;
  /** First webhook retry delay (doubling per attempt, up to an hour, for a day). */
  webhookRetryBaseMs: number;
  /** Encrypts stored webhook signing secrets (AES-256-GCM under its SHA-256); unset: stored as text. */
  webhookSecretKey?: string;
  /**
   * Sign-in sessions (docs/api/permissions.md "Sessions"): a session ends after `idleMinutes` without a request and
   * `maxDays` after sign-in, whichever comes first.
   */
  sessions: { idleMinutes: number; maxDays: number };
  /** The tenant whose records the /docs "Try it out" examples refer to (ids, usernames, path values). */
  docsInstance: string;
  /** SQLite: bookings share a COMMIT (plugins/write-path/group-commit.ts); maxMembers 1 turns it off. */
  groupCommit?: { maxMembers: number; maxMs: number };
}

export class ConfigError extends Error {}

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'];

function int(env: NodeJS.ProcessEnv, name: string, fallback: number, min: number, max: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  if (!/^\d+$/.test(raw)) throw new ConfigError(`${name} must be a whole number, got "${raw}"`);
  const value = Number(raw);
  if (value < min || value > max) throw new ConfigError(`${name} must be between ${min} and ${max}, got ${value}`);
  return value;
}

function secretKeyText(raw: string | undefined): string | undefined {
  if (raw === undefined || raw === '') return undefined;
  if (raw.length < 32)
    throw new ConfigError('WEBHOOK_SECRET_KEY must be at least 32 characters (e.g. `openssl rand -base64 32`)');
  return raw;
}

function bool(env: NodeJS.ProcessEnv, name: string, fallback: boolean): boolean {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  if (/^(1|true|yes|on)$/i.test(raw)) return true;
  if (/^(0|false|no|off)$/i.test(raw)) return false;
  throw new ConfigError(`${name} must be true or false, got "${raw}"`);
}

/** An address or a CIDR range (`10.0.0.0/8`, `fd00::/8`). */
function isAddressOrRange(text: string): boolean {
  const [address, bits, extra] = text.split('/');
  const family = net.isIP(address);
  if (family === 0 || extra !== undefined) return false;
  if (bits === undefined) return true;
  return /^\d+$/.test(bits) && Number(bits) <= (family === 4 ? 32 : 128);
}

/** TRUST_PROXY: true/false, or a comma-separated list of proxy addresses and CIDR ranges. */
function trustProxy(raw: string | undefined): boolean | string[] {
  if (raw === undefined || raw.trim() === '') return false;
  if (/^(1|true|yes|on|0|false|no|off)$/i.test(raw.trim()))
    return bool({ TRUST_PROXY: raw.trim() }, 'TRUST_PROXY', false);
  const entries = raw.split(',').map((entry) => entry.trim());
  const wrong = entries.find((entry) => !isAddressOrRange(entry));
  if (wrong !== undefined)
    throw new ConfigError(
      `TRUST_PROXY must be true, false or a comma-separated list of addresses and CIDR ranges (e.g. 10.0.0.5,172.16.0.0/12), got "${wrong}"`,
    );
  return entries;
}

/** CORS_ORIGINS: unset (CORS off), `*`, or a comma-separated list of origins (`https://app.example.com`). */
function corsOrigins(raw: string | undefined): string[] {
  if (raw === undefined || raw.trim() === '') return [];
  const entries = raw.split(',').map((entry) => entry.trim());
  if (entries.length === 1 && entries[0] === '*') return entries;
  for (const entry of entries) {
    let origin: string | undefined;
    try {
      origin = new URL(entry).origin;
    } catch {
      origin = undefined;
    }
    if (origin !== entry)
      throw new ConfigError(
        `CORS_ORIGINS must be * or a comma-separated list of origins like https://app.example.com (scheme, host and port only), got "${entry}"`,
      );
  }
  return entries;
}

export function parseDatabaseUrl(raw: string | undefined, cwd = process.cwd()): DatabaseConfig {
  if (raw === undefined || raw === '') return { dialect: 'sqlite', file: path.join(cwd, 'data', 'zeitkonto.db') };
  if (raw.startsWith('file:')) {
    const file = raw.slice('file:'.length);
    if (file === '') throw new ConfigError('DATABASE_URL file: needs a path, e.g. file:./data/zeitkonto.db');
    return { dialect: 'sqlite', file: file === ':memory:' ? file : path.resolve(cwd, file) };
  }
  if (/^postgres(ql)?:\/\//.test(raw)) {
    try {
      new URL(raw);
    } catch {
      throw new ConfigError('DATABASE_URL is not a valid postgres:// URL');
    }
    return { dialect: 'postgres', url: raw };
  }
  throw new ConfigError('DATABASE_URL must be unset, file:<path> or postgres://…');
}

function withSynchronous(database: DatabaseConfig, raw: string | undefined): DatabaseConfig {
  if (raw === undefined || raw === '') return database;
  const value = raw.toUpperCase();
  if (value !== 'FULL' && value !== 'NORMAL')
    throw new ConfigError(`SQLITE_SYNCHRONOUS must be FULL or NORMAL, got "${raw}"`);
  return database.dialect === 'sqlite' ? { ...database, synchronous: value } : database;
}

/**
 * DATABASE_REPLICA_URLS: comma-separated postgres:// URLs of streaming replicas of DATABASE_URL's database. Ignored
 * on SQLite (one file, one process).
 */
function withReplicas(database: DatabaseConfig, env: NodeJS.ProcessEnv, redisUrl: string | null): DatabaseConfig {
  const raw = env.DATABASE_REPLICA_URLS;
  if (raw === undefined || raw.trim() === '' || database.dialect !== 'postgres') return database;
  const urls = raw.split(',').map((entry) => entry.trim());
  for (const url of urls) {
    let valid = /^postgres(ql)?:\/\//.test(url);
    try {
      new URL(url);
    } catch {
      valid = false;
    }
    if (!valid)
      throw new ConfigError(
        'DATABASE_REPLICA_URLS must be a comma-separated list of postgres:// URLs of read replicas',
      );
  }
  return {
    ...database,
    replicas: {
      urls,
      maxLagMs: int(env, 'REPLICA_MAX_LAG_MS', 1000, 0, 3600_000),
      retryMs: int(env, 'REPLICA_RETRY_MS', 5000, 100, 3600_000),
      pollMs: int(env, 'REPLICA_POLL_MS', 200, 10, 60_000),
      redisUrl,
    },
  };
}

function logFormat(raw: string | undefined): 'json' | 'pretty' {
  if (raw === undefined || raw === '') return process.stdout.isTTY ? 'pretty' : 'json';
  if (raw === 'json' || raw === 'pretty') return raw;
  throw new ConfigError(`LOG_FORMAT must be json or pretty, got "${raw}"`);
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const logLevel = env.LOG_LEVEL || 'info';
  if (!LOG_LEVELS.includes(logLevel)) throw new ConfigError(`LOG_LEVEL must be one of ${LOG_LEVELS.join(', ')}`);
  const redisUrl = env.REDIS_URL || null;
  if (redisUrl && !/^rediss?:\/\//.test(redisUrl))
    throw new ConfigError('REDIS_URL must start with redis:// or rediss://');
  return {
    port: int(env, 'PORT', 3000, 0, 65535),
    host: env.HOST || '127.0.0.1',
    database: withReplicas(withSynchronous(parseDatabaseUrl(env.DATABASE_URL), env.SQLITE_SYNCHRONOUS), env, redisUrl),
    redisUrl,
    logLevel,
    logFormat: logFormat(env.LOG_FORMAT),
    trustProxy: trustProxy(env.TRUST_PROXY),
    corsOrigins: corsOrigins(env.CORS_ORIGINS),
    metricsToken: env.METRICS_TOKEN || null,
    bodyLimit: int(env, 'BODY_LIMIT_BYTES', 1024 * 1024, 1024, 100 * 1024 * 1024),
    uploadLimit: int(env, 'UPLOAD_LIMIT_BYTES', 10 * 1024 * 1024, 1024, 1024 * 1024 * 1024),
    timeouts: {
      headersMs: int(env, 'HEADERS_TIMEOUT_MS', 10_000, 1000, 600_000),
      requestMs: int(env, 'REQUEST_TIMEOUT_MS', 30_000, 1000, 3600_000),
    },
    rateLimit: {
      perFiveMinutes: int(env, 'RATE_LIMIT_5MIN', 1000, 1, 1e9),
      perHour: int(env, 'RATE_LIMIT_HOUR', 12000, 1, 1e9),
    },
    tenantCacheMs: int(env, 'TENANT_CACHE_MS', 2000, 0, 3600_000),
    countCacheMs: int(env, 'COUNT_CACHE_MS', 2000, 0, 3600_000),
    nodeEnv: env.NODE_ENV || 'development',
    idempotencyKeyHours: int(env, 'IDEMPOTENCY_KEY_HOURS', 24, 1, 24 * 365),
    changeRetentionDays: int(env, 'CHANGE_RETENTION_DAYS', 90, 1, 3650),
    webhooksAllowPrivate: bool(env, 'WEBHOOKS_ALLOW_PRIVATE', false),
    webhookRetryBaseMs: int(env, 'WEBHOOK_RETRY_BASE_MS', 5000, 0, 3600_000),
    webhookSecretKey: secretKeyText(env.WEBHOOK_SECRET_KEY),
    sessions: {
      idleMinutes: int(env, 'SESSION_IDLE_MINUTES', 480, 1, 525_600),
      maxDays: int(env, 'SESSION_MAX_DAYS', 30, 1, 3650),
    },
    docsInstance: env.DOCS_INSTANCE || 'demo',
    groupCommit: {
      maxMembers: int(env, 'GROUP_COMMIT_MAX', 32, 1, 1000),
      maxMs: int(env, 'GROUP_COMMIT_MS', 20, 0, 10_000),
    },
  };
}
