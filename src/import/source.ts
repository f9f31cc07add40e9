// The source of an import: a ZEP-compatible API (…/next/api/v1) read with a Bearer token, politely: the largest
// page the contract allows (limit 200), at most `perWindow` requests in any `windowMs` (the live system's limit is
// 1000 requests in 5 minutes), and on 429 it waits as long as Retry-After says and asks again.

/** The page size the contract allows at most (`limit` 1..200). */
export const PAGE_SIZE = 200;

export interface SourceOptions {
  /** The source's base URL, ending in /next/api/v1. */
  base: string;
  token: string;
  fetch?: typeof fetch;
  /** Requests allowed in one window (default 1000) and the window (default 5 minutes). */
  perWindow?: number;
  windowMs?: number;
  /** How many 429 answers in a row one request waits out before the import stops (default 10). */
  maxRetries?: number;
  sleep?: (ms: number) => Promise<void>;
  /** The clock the rate limit is kept by (milliseconds). */
  now?: () => number;
}

export interface Answer {
  status: number;
  body: any;
}

/** The source answered something the import cannot go on with (a 5xx, 401, a body that is not JSON). */
export class SourceError extends Error {}

const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Retry-After as seconds or as an HTTP date, in milliseconds; 1 s when it is absent or unreadable. */
export function retryAfterMs(header: string | null, now = Date.now()): number {
  if (header === null) return 1000;
  if (/^\d+$/.test(header.trim())) return Number(header.trim()) * 1000;
  const at = Date.parse(header);
  return Number.isNaN(at) ? 1000 : Math.max(0, at - now);
}

export class Source {
  readonly base: string;
  /** Requests sent, 429 answers among them, and the time spent waiting for the rate limit. */
  requests = 0;
  throttled = 0;
  waitedMs = 0;
  private readonly sent: number[] = [];
  private readonly opts: Required<Omit<SourceOptions, 'base'>>;

  constructor(opts: SourceOptions) {
    this.base = opts.base.replace(/\/+$/, '');
    this.opts = {
      token: opts.token,
      fetch: opts.fetch ?? fetch,
      perWindow: opts.perWindow ?? 1000,
      windowMs: opts.windowMs ?? 5 * 60_000,
      maxRetries: opts.maxRetries ?? 10,
      sleep: opts.sleep ?? wait,
      now: opts.now ?? Date.now,
    };
  }

  /** Waits until one more request stays within `perWindow` requests in `windowMs`. */
  private async pace(): Promise<void> {
    const { perWindow, windowMs, sleep } = this.opts;
    const now = this.opts.now();
    while (this.sent.length > 0 && this.sent[0] <= now - windowMs) this.sent.shift();
    if (this.sent.length >= perWindow) {
      const ms = this.sent[0] + windowMs - now;
      this.waitedMs += ms;
      await sleep(ms);
    }
    this.sent.push(this.opts.now());
    if (this.sent.length > perWindow) this.sent.shift();
  }

  /** GET a path relative to the base URL; 200 and 404 are answers, 429 is waited out, anything else throws. */
  async get(path: string, query: Record<string, string | number | undefined> = {}): Promise<Answer> {
    const url = new URL(`${this.base}${path}`);
    for (const [k, v] of Object.entries(query)) if (v !== undefined) url.searchParams.set(k, String(v));
    for (let attempt = 0; ; attempt++) {
      await this.pace();
      this.requests++;
      let res: Response;
      try {
        res = await this.opts.fetch(url, {
          headers: { authorization: `Bearer ${this.opts.token}`, accept: 'application/json' },
        });
      } catch (e) {
        throw new SourceError(`GET ${url.pathname}: ${(e as Error).message}`);
      }
      if (res.status === 429 && attempt < this.opts.maxRetries) {
        this.throttled++;
        const ms = retryAfterMs(res.headers.get('retry-after'));
        await res.body?.cancel();
        this.waitedMs += ms;
        await this.opts.sleep(ms);
        continue;
      }
      const text = await res.text();
      if (res.status === 404 || res.status === 403) return { status: res.status, body: undefined };
      if (res.status !== 200) throw new SourceError(`GET ${url.pathname}${url.search} answered ${res.status}`);
      try {
        return { status: 200, body: JSON.parse(text) };
      } catch {
        throw new SourceError(`GET ${url.pathname}${url.search} answered no JSON`);
      }
    }
  }
}
