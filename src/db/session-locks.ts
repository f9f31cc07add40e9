// PostgreSQL session-level advisory locks that live exactly as long as this process: one dedicated connection per
// database (not from the pool, so a request waiting for a pool connection can never wait on it), opened on first
// use. A lock held here says "a live process owns this"; when the process dies, the server ends the session and
// every lock it held is free at once. Used by Idempotency-Key claims (plugins/write-path/idempotency.ts).
// Found from any Kysely of the database (the app's, the test guard's, a transaction) through its dialect adapter,
// which all of them share.
import crypto from 'node:crypto';
import type PgModule from 'pg';
import type { Kysely } from 'kysely';

/** The 64-bit advisory lock key of a text, as a decimal string (bound as ::bigint). */
export const lockKeyOf = (text: string) =>
  crypto.createHash('sha256').update(text).digest().readBigInt64BE(0).toString();

export class SessionLocks {
  #client: Promise<PgModule.Client> | undefined;
  /** Statements run one at a time on the one connection. */
  #queue: Promise<unknown> = Promise.resolve();
  #closed = false;

  constructor(private readonly connect: () => PgModule.Client) {}

  #session(): Promise<PgModule.Client> {
    if (!this.#client) {
      const client = this.connect();
      // A broken session has lost its locks; the next use opens a new one (docs/api/integration.md §1).
      client.on('error', () => {});
      client.on('end', () => (this.#client = undefined));
      this.#client = client.connect().then(
        () => client,
        (err) => {
          this.#client = undefined;
          throw err;
        },
      );
    }
    return this.#client;
  }

  #run<T>(text: string, key: string, pick: (row: any) => T): Promise<T> {
    const next = this.#queue.then(async () => {
      if (this.#closed) throw new Error('session locks closed');
      const client = await this.#session();
      return pick((await client.query(text, [key])).rows[0]);
    });
    this.#queue = next.catch(() => {});
    return next;
  }

  /** Take the lock if no session holds it (this one included: callers track their own keys). */
  tryLock(key: string): Promise<boolean> {
    return this.#run('SELECT pg_try_advisory_lock($1::bigint) AS ok', key, (r) => r.ok === true);
  }

  unlock(key: string): Promise<void> {
    return this.#run('SELECT pg_advisory_unlock($1::bigint)', key, () => undefined);
  }

  async close(): Promise<void> {
    this.#closed = true;
    await this.#queue;
    const client = await this.#client?.catch(() => undefined);
    this.#client = undefined;
    await client?.end().catch(() => {});
  }
}

const registry = new WeakMap<object, SessionLocks>();

export function registerSessionLocks(db: Kysely<any>, locks: SessionLocks): void {
  registry.set(db.getExecutor().adapter, locks);
}

/** The session locks of this Kysely's database: PostgreSQL only (undefined on SQLite). */
export const sessionLocksOf = (db: Kysely<any>): SessionLocks | undefined => registry.get(db.getExecutor().adapter);
