// Back-off for signing in (docs/api/permissions.md "Sessions"): after a number of failed attempts for one account, or
// from one address, further attempts are refused (429 with Retry-After) for a time that doubles with each further
// failure, up to a ceiling. A refused attempt is not checked at all (a right password is refused too) and does not
// extend the lock. In memory by default; in Redis when REDIS_URL is set, so the processes of a deployment share one
// count (while Redis cannot be reached, each process counts in its own memory).
import { createRequire } from 'node:module';
import type { Redis } from 'ioredis';
import { redisReady } from '../../plugins/rate-limit.js';
export interface BackOff {
  /** Failures before the first lock. */
  after: number;
  /** The first lock; each failure after it doubles the lock. */
  baseSeconds: number;
  maxSeconds: number;
}

/** Per account (tenant instance and username, whether they exist or not) and per client address. */
export const SIGN_IN_BACK_OFF = {
  account: { after: 5, baseSeconds: 30, maxSeconds: 3600 },
  address: { after: 20, baseSeconds: 30, maxSeconds: 3600 },
} as const satisfies Record<string, BackOff>;

/**
 * Single sign-on per client address (its own count, with the address rule of signing in): every start of a sign-in
 * at the provider and every callback that signs no one in counts; a callback that signs someone in forgets the count.
 * The address's lock for passwords refuses single sign-on too (sso.routes.ts).
 */
export const ssoAddressKey = (ip: string) => `sso:ip:${ip}`;

/** A count is forgotten this long after its last failure. */
const FORGET_MS = 24 * 3600_000;

interface Entry {
  failures: number;
  lockedUntil: number;
  last: number;
}

export interface SignInThrottle {
  /** Seconds until every key may try again; 0: now. */
  retryAfter(keys: readonly string[]): Promise<number>;
  /** A failed attempt: counts for each key, each with its back-off. */
  fail(keys: readonly (readonly [string, BackOff])[]): Promise<void>;
  /** A successful sign-in forgets the failures of its account (not those of the address). */
  succeed(key: string): Promise<void>;
  /** Resolves once the shared store can count (or timeoutMs passed). */
  ready?(timeoutMs: number): Promise<void>;
  close(): Promise<void>;
}

const lockSeconds = (rule: BackOff, failures: number) =>
  failures < rule.after ? 0 : Math.min(rule.maxSeconds, rule.baseSeconds * 2 ** Math.min(30, failures - rule.after));

export class MemorySignInThrottle implements SignInThrottle {
  #entries = new Map<string, Entry>();
  constructor(readonly now: () => number = Date.now) {}

  #get(key: string): Entry | undefined {
    const entry = this.#entries.get(key);
    if (entry && this.now() - entry.last > FORGET_MS) {
      this.#entries.delete(key);
      return undefined;
    }
    return entry;
  }

  async retryAfter(keys: readonly string[]): Promise<number> {
    const now = this.now();
    const until = Math.max(0, ...keys.map((key) => this.#get(key)?.lockedUntil ?? 0));
    return until > now ? Math.ceil((until - now) / 1000) : 0;
  }

  async fail(keys: readonly (readonly [string, BackOff])[]): Promise<void> {
    const now = this.now();
    if (this.#entries.size > 100_000) this.#sweep(now);
    for (const [key, rule] of keys) {
      const entry = this.#get(key) ?? { failures: 0, lockedUntil: 0, last: now };
      entry.failures++;
      entry.last = now;
      if (entry.failures >= rule.after) entry.lockedUntil = now + lockSeconds(rule, entry.failures) * 1000;
      this.#entries.set(key, entry);
    }
  }

  async succeed(key: string): Promise<void> {
    this.#entries.delete(key);
  }

  async close() {}

  #sweep(now: number) {
    for (const [key, entry] of this.#entries) if (now - entry.last > FORGET_MS) this.#entries.delete(key);
  }
}

// Per key a hash: f failures, u locked until (ms); it expires FORGET_MS after the last failure.
const FAIL_SCRIPT = `
local f = redis.call('HINCRBY', KEYS[1], 'f', 1)
local after, base, max, now = tonumber(ARGV[1]), tonumber(ARGV[2]), tonumber(ARGV[3]), tonumber(ARGV[4])
if f >= after then
  local seconds = math.min(max, base * 2 ^ math.min(30, f - after))
  redis.call('HSET', KEYS[1], 'u', string.format('%.0f', now + seconds * 1000))
end
redis.call('PEXPIRE', KEYS[1], tonumber(ARGV[5]))
return f`;

/**
 * The counts in Redis, shared by every process. A command that fails or times out (a second at most) is answered by
 * the memory throttle of this process instead, so an outage of Redis neither opens sign-in to unlimited guessing nor
 * stops it.
 */
export class RedisSignInThrottle implements SignInThrottle {
  readonly #redis: Redis;
  readonly #fallback = new MemorySignInThrottle();
  constructor(
    url: string,
    readonly prefix = 'zk:signin:',
    readonly now: () => number = Date.now,
  ) {
    const { Redis } = createRequire(import.meta.url)('ioredis') as typeof import('ioredis');
    this.#redis = new Redis(url, {
      maxRetriesPerRequest: 0,
      enableOfflineQueue: false,
      commandTimeout: 1000,
      retryStrategy: (n) => Math.min(n * 200, 2000),
    });
    this.#redis.on('error', () => {});
    this.#redis.defineCommand('zkSignInFail', { numberOfKeys: 1, lua: FAIL_SCRIPT });
  }
  async retryAfter(keys: readonly string[]): Promise<number> {
    try {
      const until = await Promise.all(keys.map((key) => this.#redis.hget(this.prefix + key, 'u')));
      const latest = Math.max(0, ...until.map((u) => Number(u ?? 0)));
      const now = this.now();
      return latest > now ? Math.ceil((latest - now) / 1000) : 0;
    } catch {
      return this.#fallback.retryAfter(keys);
    }
  }
  async fail(keys: readonly (readonly [string, BackOff])[]): Promise<void> {
    try {
      for (const [key, rule] of keys)
        await (this.#redis as any).zkSignInFail(
          this.prefix + key,
          rule.after,
          rule.baseSeconds,
          rule.maxSeconds,
          this.now(),
          FORGET_MS,
        );
    } catch {
      await this.#fallback.fail(keys);
    }
  }
  async succeed(key: string): Promise<void> {
    await this.#fallback.succeed(key);
    await this.#redis.del(this.prefix + key).catch(() => {});
  }
  /** Resolves once connected (or after timeoutMs): a new process counts in Redis from its first sign-in. */
  ready(timeoutMs: number): Promise<void> {
    return redisReady(this.#redis, timeoutMs);
  }
  async close() {
    await this.#redis.quit().catch(() => this.#redis.disconnect());
  }
}

/** In Redis when the deployment has one (REDIS_URL), else in this process. */
export const createSignInThrottle = (redisUrl: string | null): SignInThrottle =>
  redisUrl ? new RedisSignInThrottle(redisUrl) : new MemorySignInThrottle();
