// Read replicas (docs/scaling.md, "Read replicas"): PostgreSQL streaming replicas that answer the API's reads.
// - A read request (GET/HEAD) gets the Kysely of a replica (replica-driver.ts: its reads outside transactions run on
//   the replica, everything else on the primary) when the replica is healthy, has been sampled recently, lags by at
//   most maxLagMs, and has replayed the caller's last write; else the primary's.
// - A caller reads its own writes: after each committed API write the primary's WAL position (pg_current_wal_lsn())
//   is recorded for the caller — in this process, and in Redis when REDIS_URL is set so that other processes see it —
//   and the caller's reads go to a replica only once its pg_last_wal_replay_lsn() has reached that position.
// - A monitor samples the primary's position and each replica's replay position every pollMs; a replica's lag is the
//   time since the primary first had WAL the replica has not replayed (no dependence on the replica's clock or on
//   the primary being busy).
import { createRequire } from 'node:module';
import type PgModule from 'pg';
import type PgCursor from 'pg-cursor';
import type { Redis } from 'ioredis';
import { Kysely, PostgresDialect, type Driver } from 'kysely';
import type { ReadReplicaConfig } from '../config.js';
import type { DB } from './schema.js';
import { ReplicaDriver } from './replica-driver.js';
import { WriteVersionPlugin } from './write-version.js';

/** A WAL position ('16/B374D848') as a number of bytes; -1 for none (NULL: not a standby). */
export function lsnValue(text: string | null | undefined): bigint {
  if (!text) return -1n;
  const [hi, lo] = text.split('/');
  return (BigInt(`0x${hi}`) << 32n) + BigInt(`0x${lo}`);
}

/** Larger than any WAL position: a caller whose write position is unknown reads from the primary. */
const UNKNOWN = (1n << 64n) - 1n;

/** The WAL position of the newest write this process recorded (list totals: http/list/caches.ts). */
let newestWrite = -1n;
export const newestRecordedWrite = () => newestWrite;

/** The replay position a replica's query was compiled at (a lower bound of what it saw), by query node. */
const floors = new WeakMap<object, bigint>();
/**
 * Where a compiled query runs: undefined on the primary, else the replay position its replica had reached before
 * the query was built (what it sees is at least that).
 */
export const replicaFloorOf = (node: object): bigint | undefined => floors.get(node);

/** `host:port/database` of a URL, for logs (never its password). */
const nameOf = (url: string) => {
  const u = new URL(url);
  return `${u.hostname}:${u.port || 5432}${u.pathname}`;
};

export class Replica {
  readonly name: string;
  readonly pool: PgModule.Pool;
  readonly db: Kysely<DB>;
  replayLsn = -1n;
  standby = false;
  sampledAt = 0;
  downUntil = 0;
  #sampling = false;
  constructor(
    url: string,
    private readonly router: ReadRouter,
    primaryDriver: Driver,
    pg: typeof PgModule,
    Cursor: typeof PgCursor,
    poolSize: number,
  ) {
    this.name = nameOf(url);
    this.pool = new pg.Pool({
      connectionString: url,
      max: poolSize,
      connectionTimeoutMillis: 2000,
      application_name: REPLICA_APPLICATION_NAME,
    });
    this.pool.on('error', () => {});
    const replicaDriver = new PostgresDialect({ pool: this.pool, cursor: Cursor }).createDriver();
    const driver = new ReplicaDriver(
      { healthy: () => Date.now() >= this.downUntil, failed: (err) => this.markDown(err) },
      replicaDriver,
      primaryDriver,
    );
    const dialect = new (class extends PostgresDialect {
      override createDriver(): Driver {
        return driver;
      }
    })({ pool: this.pool });
    this.db = new Kysely<DB>({
      dialect,
      plugins: [new WriteVersionPlugin((node) => floors.set(node, this.replayLsn))],
    });
  }

  markDown(err: unknown): void {
    const wasUp = this.downUntil === 0;
    this.downUntil = Date.now() + this.router.config.retryMs;
    if (wasUp) this.router.onHealth?.(this.name, false, err);
  }

  /** Its replay position now; a replica that answers again is healthy again. */
  async sample(): Promise<void> {
    if (this.#sampling) return;
    this.#sampling = true;
    try {
      const { rows } = await this.pool.query(
        'SELECT pg_is_in_recovery() AS standby, pg_last_wal_replay_lsn()::text AS lsn',
      );
      this.standby = rows[0].standby === true;
      this.replayLsn = lsnValue(rows[0].lsn);
      this.sampledAt = Date.now();
      // Answering again: used again once its time out is over (markDown), not before.
      if (this.downUntil !== 0 && Date.now() >= this.downUntil) {
        this.downUntil = 0;
        this.router.onHealth?.(this.name, true);
      }
    } catch (err) {
      this.markDown(err);
    } finally {
      this.#sampling = false;
    }
  }
}

/** How the replicas' connections show in pg_stat_activity. */
export const REPLICA_APPLICATION_NAME = 'zeitkonto-read';

const WROTE_SCRIPT = `
local current = redis.call('GET', KEYS[1])
if (not current) or tonumber(ARGV[1]) > tonumber(current) then
  redis.call('SET', KEYS[1], ARGV[1], 'PX', ARGV[2])
else
  redis.call('PEXPIRE', KEYS[1], ARGV[2])
end
return 1`;

export class ReadRouter {
  readonly replicas: Replica[];
  /** Called once per change of a replica's health (the app logs it). */
  onHealth?: (replica: string, healthy: boolean, err?: unknown) => void;
  readonly #primary: Kysely<DB>;
  readonly #primaryPool: PgModule.Pool;
  /** The primary's WAL position over time: [when sampled, position], oldest first. */
  #history: [number, bigint][] = [];
  #written = new Map<string, { lsn: bigint; until: number }>();
  #redis: Redis | null = null;
  #redisDownUntil = 0;
  #timer: NodeJS.Timeout | undefined;
  #next = 0;
  readonly #keepMs: number;

  constructor(
    readonly config: ReadReplicaConfig,
    primary: Kysely<DB>,
    primaryPool: PgModule.Pool,
    pg: typeof PgModule,
    Cursor: typeof PgCursor,
    poolSize: number,
  ) {
    this.#primary = primary;
    this.#primaryPool = primaryPool;
    const primaryDriver = new PostgresDialect({ pool: primaryPool, cursor: Cursor }).createDriver();
    this.replicas = config.urls.map((url) => new Replica(url, this, primaryDriver, pg, Cursor, poolSize));
    // A replica is used only while its lag is at most maxLagMs, as sampled at most #stale ago: it has then replayed
    // every write older than that, so a caller's position need not be kept longer.
    this.#keepMs = config.maxLagMs + this.#stale + 5000;
    if (config.redisUrl) {
      const { Redis } = createRequire(import.meta.url)('ioredis') as typeof import('ioredis');
      this.#redis = new Redis(config.redisUrl, {
        maxRetriesPerRequest: 0,
        enableOfflineQueue: false,
        commandTimeout: 1000,
        lazyConnect: true,
        retryStrategy: (n) => Math.min(n * 200, 2000),
      });
      this.#redis.on('error', () => {});
      this.#redis.defineCommand('zkWrote', { numberOfKeys: 1, lua: WROTE_SCRIPT });
    }
  }

  get #stale(): number {
    return 3 * this.config.pollMs + 1000;
  }

  /** Samples the primary and every replica now (the monitor does it every pollMs once reads are routed). */
  async refresh(): Promise<void> {
    const now = Date.now();
    try {
      const { rows } = await this.#primaryPool.query('SELECT pg_current_wal_lsn()::text AS lsn');
      this.#history.push([now, lsnValue(rows[0].lsn)]);
      const keepFrom = now - 2 * this.config.maxLagMs - this.#stale;
      while (this.#history.length > 2 && this.#history[1][0] < keepFrom) this.#history.shift();
    } catch {
      // The primary unreachable: requests fail on their own; the replicas' lag is not known meanwhile.
    }
    await Promise.all(this.replicas.map((r) => r.sample()));
  }

  #start(): void {
    if (this.#timer) return;
    if (this.#redis) this.#redis.connect().catch(() => {});
    const tick = () => {
      void this.refresh().finally(() => {
        if (this.#timer) this.#timer = setTimeout(tick, this.config.pollMs).unref();
      });
    };
    this.#timer = setTimeout(tick, 0).unref();
  }

  /** How long the replica has been missing WAL the primary had (0: none known), in ms. */
  lagMs(replica: Replica, now = Date.now()): number {
    const first = this.#history.find(([, lsn]) => lsn > replica.replayLsn);
    return first ? now - first[0] : 0;
  }

  #usable(replica: Replica, required: bigint, now: number): boolean {
    return (
      replica.standby &&
      now >= replica.downUntil &&
      now - replica.sampledAt <= this.#stale &&
      this.#history.length > 0 &&
      replica.replayLsn >= required &&
      this.lagMs(replica, now) <= this.config.maxLagMs
    );
  }

  /**
   * The Kysely for a read by `caller` (its tenant and credential) outside a write transaction: a usable replica
   * that has replayed the caller's last recorded write, else the primary.
   */
  async forRead(caller: string): Promise<Kysely<DB>> {
    this.#start();
    const now = Date.now();
    if (!this.replicas.some((r) => this.#usable(r, -1n, now))) return this.#primary;
    const own = this.#written.get(caller);
    let required = own && own.until > now ? own.lsn : -1n;
    if (this.#redis) {
      // Without the shared record another process's write by this caller could be missed: read from the primary.
      if (now < this.#redisDownUntil || this.#redis.status !== 'ready') return this.#primary;
      try {
        const shared = await this.#redis.get(`zk:lsn:${caller}`);
        if (shared !== null && BigInt(shared) > required) required = BigInt(shared);
      } catch {
        this.#redisDownUntil = Date.now() + this.config.retryMs;
        return this.#primary;
      }
    }
    for (let i = 0; i < this.replicas.length; i++) {
      const replica = this.replicas[(this.#next + i) % this.replicas.length];
      if (this.#usable(replica, required, now)) {
        this.#next = (this.#next + i + 1) % this.replicas.length;
        return replica.db;
      }
    }
    return this.#primary;
  }

  /** After a committed write by `caller`: its reads go to replicas only once they have replayed it. */
  async wrote(caller: string): Promise<void> {
    let lsn: bigint;
    try {
      const { rows } = await this.#primaryPool.query('SELECT pg_current_wal_lsn()::text AS lsn');
      lsn = lsnValue(rows[0].lsn);
    } catch {
      lsn = UNKNOWN;
    }
    const now = Date.now();
    const own = this.#written.get(caller);
    if (!own || own.until <= now || own.lsn < lsn) this.#written.set(caller, { lsn, until: now + this.#keepMs });
    else own.until = now + this.#keepMs;
    if (lsn > newestWrite && lsn !== UNKNOWN) newestWrite = lsn;
    if (this.#written.size > 100_000) for (const [k, v] of this.#written) if (v.until <= now) this.#written.delete(k);
    if (this.#redis && this.#redis.status === 'ready') {
      try {
        await (this.#redis as any).zkWrote(`zk:lsn:${caller}`, lsn.toString(), this.#keepMs);
      } catch {
        this.#redisDownUntil = Date.now() + this.config.retryMs;
      }
    }
  }

  async close(): Promise<void> {
    clearTimeout(this.#timer);
    this.#timer = undefined;
    this.onHealth = undefined;
    if (this.#redis) await this.#redis.quit().catch(() => this.#redis!.disconnect());
    await Promise.all(this.replicas.map((r) => r.db.destroy().catch(() => {})));
  }
}
