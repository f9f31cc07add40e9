// Back-off for signing in (docs/api/permissions.md "Sessions"): after a number of failed attempts for one account, or
// from one address, further attempts are refused (429 with Retry-After) for a time that doubles with each further
// failure, up to a ceiling. A refused attempt is not checked at all (a right password is refused too) and does not
// extend the lock. Counted in this process; each process of a deployment keeps its own count.
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

/** A count is forgotten this long after its last failure. */
const FORGET_MS = 24 * 3600_000;

interface Entry {
  failures: number;
  lockedUntil: number;
  last: number;
}

export class SignInThrottle {
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

  /** Seconds until every key may try again; 0: now. */
  retryAfter(keys: readonly string[]): number {
    const now = this.now();
    const until = Math.max(0, ...keys.map((key) => this.#get(key)?.lockedUntil ?? 0));
    return until > now ? Math.ceil((until - now) / 1000) : 0;
  }

  /** A failed attempt: counts for each key, each with its back-off. */
  fail(keys: readonly (readonly [string, BackOff])[]): void {
    const now = this.now();
    if (this.#entries.size > 100_000) this.#sweep(now);
    for (const [key, rule] of keys) {
      const entry = this.#get(key) ?? { failures: 0, lockedUntil: 0, last: now };
      entry.failures++;
      entry.last = now;
      if (entry.failures >= rule.after) {
        const seconds = Math.min(rule.maxSeconds, rule.baseSeconds * 2 ** Math.min(30, entry.failures - rule.after));
        entry.lockedUntil = now + seconds * 1000;
      }
      this.#entries.set(key, entry);
    }
  }

  /** A successful sign-in forgets the failures of its account (not those of the address). */
  succeed(key: string): void {
    this.#entries.delete(key);
  }

  #sweep(now: number) {
    for (const [key, entry] of this.#entries) if (now - entry.last > FORGET_MS) this.#entries.delete(key);
  }
}
