// Per-token (and per-session) rate limits: 1000 requests per 5 minutes and 12000 per hour, fixed windows.
// In memory by default; in Redis when REDIS_URL is set, so several processes share one count.
import type { FastifyReply, FastifyRequest } from 'fastify';
import { createRequire } from 'node:module';
import type { Redis, RedisOptions } from 'ioredis';
import { ApiError } from '../values/errors.js';
import { credentialKey } from '../access/caller.js';

export interface Window {
  limit: number;
  seconds: number;
}

export interface WindowState {
  limit: number;
  seconds: number;
  remaining: number;
  /** Seconds until the window resets. */
  reset: number;
}

export interface RateDecision {
  allowed: boolean;
  windows: WindowState[];
}

export interface RateLimiter {
  hit(key: string): Promise<RateDecision>;
  close(): Promise<void>;
  /** False while the shared counter store cannot be used: requests pass unlimited (the API stays up). */
  readonly available: boolean;
  /** Resolves once the limiter can count (or gave up waiting): a new process counts its first request. */
  ready?(timeoutMs: number): Promise<void>;
  /** Called once per change of `available` (the app logs it). */
  onAvailability?: (available: boolean, err?: unknown) => void;
}

/** The limiter cannot answer: the request passes without a limit. */
export class LimiterUnavailable extends Error {}

const windowStart = (nowMs: number, seconds: number) => Math.floor(nowMs / 1000 / seconds) * seconds;

/** Counts only admitted requests, like Laravel's throttle: a refused request does not extend the block. */
export class MemoryRateLimiter implements RateLimiter {
  readonly available = true;
  #counts = new Map<string, { start: number; count: number }>();
  constructor(readonly windows: Window[]) {}
  async hit(key: string): Promise<RateDecision> {
    const now = Date.now();
    const states = this.windows.map((w) => {
      const start = windowStart(now, w.seconds);
      const id = `${key}:${w.seconds}`;
      let entry = this.#counts.get(id);
      if (!entry || entry.start !== start) {
        entry = { start, count: 0 };
        this.#counts.set(id, entry);
      }
      return { w, entry, start };
    });
    const allowed = states.every((s) => s.entry.count < s.w.limit);
    if (allowed) for (const s of states) s.entry.count++;
    if (this.#counts.size > 200_000) this.#sweep(now);
    return {
      allowed,
      windows: states.map((s) => ({
        limit: s.w.limit,
        seconds: s.w.seconds,
        remaining: Math.max(0, s.w.limit - s.entry.count),
        reset: s.start + s.w.seconds - Math.floor(now / 1000),
      })),
    };
  }
  #sweep(now: number) {
    for (const [id, entry] of this.#counts) {
      const seconds = Number(id.slice(id.lastIndexOf(':') + 1));
      if (entry.start !== windowStart(now, seconds)) this.#counts.delete(id);
    }
  }
  async close() {}
}

// KEYS: one counter per window; ARGV: limits then ttls. Admit only when every window has room.
const SCRIPT = `
local n = #KEYS
local counts = {}
for i = 1, n do counts[i] = tonumber(redis.call('GET', KEYS[i]) or '0') end
local allowed = 1
for i = 1, n do if counts[i] >= tonumber(ARGV[i]) then allowed = 0 end end
if allowed == 1 then
  for i = 1, n do
    counts[i] = redis.call('INCR', KEYS[i])
    if counts[i] == 1 then redis.call('EXPIRE', KEYS[i], tonumber(ARGV[n + i])) end
  end
end
local out = {allowed}
for i = 1, n do out[i + 1] = counts[i] end
return out`;

/**
 * Counters in Redis, behind a circuit breaker: while the connection is down, or for BREAKER_MS after a command
 * failed or timed out, hit() fails at once instead of every request waiting for Redis (no offline queue, no
 * per-request timeout wait); after that one request tries again.
 */
export class RedisRateLimiter implements RateLimiter {
  static readonly BREAKER_MS = 5000;
  readonly #redis: Redis;
  #connected = false;
  #openUntil = 0;
  #available = true;
  onAvailability?: (available: boolean, err?: unknown) => void;
  constructor(
    url: string,
    readonly windows: Window[],
    readonly prefix = 'zk:rl:',
    options: RedisOptions = {},
  ) {
    // A command waits at most a second: when Redis hangs, that request goes through unlimited and opens the breaker.
    // ioredis is loaded here, on first use: without REDIS_URL it is never needed (start-up time).
    const { Redis } = createRequire(import.meta.url)('ioredis') as typeof import('ioredis');
    this.#redis = new Redis(url, {
      maxRetriesPerRequest: 0,
      enableOfflineQueue: false,
      commandTimeout: 1000,
      retryStrategy: (n) => Math.min(n * 200, 2000),
      ...options,
    });
    this.#redis.on('error', () => {}); // surfaced through availability
    this.#redis.on('ready', () => {
      this.#connected = true;
      this.#update();
    });
    this.#redis.on('close', () => {
      this.#connected = false;
      this.#update(new Error('Redis connection closed'));
    });
    this.#redis.defineCommand('zkHit', { numberOfKeys: windows.length, lua: SCRIPT });
  }
  get available(): boolean {
    return this.#connected && Date.now() >= this.#openUntil;
  }
  #update(err?: unknown) {
    const now = this.available;
    if (now === this.#available) return;
    this.#available = now;
    this.onAvailability?.(now, err);
  }
  ready(timeoutMs: number): Promise<void> {
    return this.#connected ? Promise.resolve() : redisReady(this.#redis, timeoutMs);
  }
  async hit(key: string): Promise<RateDecision> {
    if (!this.available) {
      this.#update();
      throw new LimiterUnavailable('rate limiter unavailable');
    }
    const now = Date.now();
    const starts = this.windows.map((w) => windowStart(now, w.seconds));
    const keys = this.windows.map((w, i) => `${this.prefix}${key}:${w.seconds}:${starts[i]}`);
    const args = [...this.windows.map((w) => w.limit), ...this.windows.map((w) => w.seconds + 5)];
    let res: number[];
    try {
      res = (await (this.#redis as any).zkHit(...keys, ...args)) as number[];
    } catch (err) {
      this.#openUntil = Date.now() + RedisRateLimiter.BREAKER_MS;
      this.#update(err);
      throw err;
    }
    this.#update();
    const nowS = Math.floor(now / 1000);
    return {
      allowed: res[0] === 1,
      windows: this.windows.map((w, i) => ({
        limit: w.limit,
        seconds: w.seconds,
        remaining: Math.max(0, w.limit - Number(res[i + 1])),
        reset: starts[i] + w.seconds - nowS,
      })),
    };
  }
  async close() {
    this.onAvailability = undefined;
    await this.#redis.quit().catch(() => this.#redis.disconnect());
  }
}

/**
 * Headers on every authenticated response: RateLimit-Policy / RateLimit (IETF draft) for all windows, and
 * X-RateLimit-Limit / -Remaining for the window closest to exhaustion. A refusal is 429 with Retry-After.
 * When the limiter cannot answer (Redis down), the request passes without limit headers at once: an outage of
 * the limiter must not become an outage of the API. The change of state is logged once (buildApp), not per request.
 */
export async function applyRateLimit(
  limiter: RateLimiter,
  request: FastifyRequest,
  reply: FastifyReply,
): Promise<void> {
  let decision: RateDecision;
  try {
    decision = await limiter.hit(credentialKey(request.caller));
  } catch {
    return;
  }
  const tightest = [...decision.windows].sort((a, b) => a.remaining - b.remaining || b.reset - a.reset)[0];
  reply.header('RateLimit-Policy', decision.windows.map((w) => `${w.limit};w=${w.seconds}`).join(', '));
  reply.header('RateLimit', `limit=${tightest.limit}, remaining=${tightest.remaining}, reset=${tightest.reset}`);
  reply.header('X-RateLimit-Limit', String(tightest.limit));
  reply.header('X-RateLimit-Remaining', String(tightest.remaining));
  if (!decision.allowed) {
    const exhausted = decision.windows.filter((w) => w.remaining === 0);
    const retryAfter = Math.max(1, ...exhausted.map((w) => w.reset));
    reply.header('Retry-After', String(retryAfter));
    throw new ApiError(429, 'Too Many Attempts.');
  }
}

/** Resolves when this Redis connection is ready, or after timeoutMs: a new process counts in Redis from the start. */
export function redisReady(redis: Redis, timeoutMs: number): Promise<void> {
  if (redis.status === 'ready') return Promise.resolve();
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      redis.off('ready', done);
      resolve();
    };
    const timer = setTimeout(done, timeoutMs);
    redis.once('ready', done);
  });
}
