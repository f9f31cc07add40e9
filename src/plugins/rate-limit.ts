// Per-token rate limits (issue 2 §7): 1000 requests per 5 minutes and 12000 per hour, fixed windows.
// In memory by default; in Redis when REDIS_URL is set, so several processes share one count.
import type { FastifyReply, FastifyRequest } from 'fastify';
import { Redis, type RedisOptions } from 'ioredis';
import { ApiError } from '../http/errors.js';

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
}

const windowStart = (nowMs: number, seconds: number) => Math.floor(nowMs / 1000 / seconds) * seconds;

/** Counts only admitted requests, like Laravel's throttle: a refused request does not extend the block. */
export class MemoryRateLimiter implements RateLimiter {
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

export class RedisRateLimiter implements RateLimiter {
  readonly #redis: Redis;
  constructor(
    url: string,
    readonly windows: Window[],
    readonly prefix = 'zk:rl:',
    options: RedisOptions = {},
  ) {
    // A command waits at most a second: when Redis hangs, requests go through unlimited rather than stall.
    this.#redis = new Redis(url, { maxRetriesPerRequest: 2, enableOfflineQueue: true, lazyConnect: false, commandTimeout: 1000, ...options });
    this.#redis.on('error', () => {}); // surfaced per command
    this.#redis.defineCommand('zkHit', { numberOfKeys: windows.length, lua: SCRIPT });
  }
  async hit(key: string): Promise<RateDecision> {
    const now = Date.now();
    const starts = this.windows.map((w) => windowStart(now, w.seconds));
    const keys = this.windows.map((w, i) => `${this.prefix}${key}:${w.seconds}:${starts[i]}`);
    const args = [...this.windows.map((w) => w.limit), ...this.windows.map((w) => w.seconds + 5)];
    const res = (await (this.#redis as any).zkHit(...keys, ...args)) as number[];
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
    await this.#redis.quit().catch(() => this.#redis.disconnect());
  }
}

/**
 * Headers on every authenticated response: RateLimit-Policy / RateLimit (IETF draft) for all windows, and
 * X-RateLimit-Limit / -Remaining for the window closest to exhaustion. A refusal is 429 with Retry-After.
 * When the limiter cannot answer (Redis down), the request passes without limit headers and a warning is
 * logged: an outage of the limiter must not become an outage of the API.
 */
export async function applyRateLimit(limiter: RateLimiter, request: FastifyRequest, reply: FastifyReply): Promise<void> {
  let decision: RateDecision;
  try {
    decision = await limiter.hit(`t${request.token.id}`);
  } catch (err) {
    request.log.warn({ err }, 'rate limiter unavailable: request let through without a limit');
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
