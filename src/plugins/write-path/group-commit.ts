// Group commit for bookings on SQLite. With synchronous=FULL every COMMIT waits 7–10 ms for its
// fsync, and node:sqlite does that on the one JavaScript thread: one commit per booking caps a process at ~100
// bookings/s whatever the CPU. Here the bookings that arrive while a booking transaction is open share ONE
// transaction (BEGIN IMMEDIATE … COMMIT), each in its own SAVEPOINT:
//   - the members run one after another (a FIFO lock), never interleaved, so each savepoint holds only its own work
//     and every rule check sees the members before it exactly as if they had committed;
//   - a refused or failed member rolls back only its savepoint (ROLLBACK TO) and gets its normal 4xx/5xx;
//   - the shared COMMIT runs one event-loop turn after no booking waits for the group any more (so the requests
//     already received can join), or as soon as the group has `maxMembers` members or is `maxMs` old (bounded
//     latency; the next booking opens the next group);
//   - a member's commit() resolves only after the shared COMMIT succeeded, so no reply is sent before its fsync. If
//     the COMMIT fails (or a ROLLBACK TO failed: SQLite may have rolled back the whole transaction), every member of
//     the group fails — nothing acknowledged can be lost.
// PostgreSQL does not use it: there concurrent transactions commit in parallel on their own connections.
import { sql, type ControlledTransaction, type Kysely } from 'kysely';
import type { DB } from '../../db/schema.js';

/** How a write request's transaction ends; commit() resolves once the request's work is durable. */
export interface WriteEnd {
  commit(): Promise<void>;
  rollback(): Promise<void>;
}

export interface WriteTransaction extends WriteEnd {
  trx: ControlledTransaction<DB>;
}

/** One transaction for one request (every write except bookings on SQLite). */
export async function ownTransaction(db: Kysely<DB>): Promise<WriteTransaction> {
  const trx = await db.startTransaction().execute();
  return {
    trx,
    commit: async () => {
      await trx.commit().execute();
    },
    rollback: async () => {
      await trx.rollback().execute();
    },
  };
}

class Group {
  members = 0;
  readonly openedAt = Date.now();
  /** Set when the group's transaction can no longer be committed (a failed ROLLBACK TO). */
  broken: unknown = undefined;
  /** A put-off commit is scheduled (GroupCommit.#leave). */
  commitPending = false;
  readonly done: Promise<void>;
  resolve!: () => void;
  reject!: (err: unknown) => void;
  constructor(readonly trx: ControlledTransaction<DB>) {
    this.done = new Promise<void>((resolve, reject) => {
      this.resolve = resolve;
      this.reject = reject;
    });
    this.done.catch(() => {}); // a group whose members all failed has nobody awaiting it
  }
}

export interface GroupCommitOptions {
  /** At most this many bookings share one COMMIT (1: group commit off). */
  maxMembers: number;
  /** A group older than this commits when its current member is done, even if bookings wait. */
  maxMs: number;
}

export const GROUP_COMMIT_DEFAULTS: GroupCommitOptions = { maxMembers: 32, maxMs: 20 };

export class GroupCommit {
  readonly #waiting: (() => void)[] = [];
  #busy = false;
  #group: Group | null = null;
  #seq = 0;

  constructor(private readonly options: GroupCommitOptions) {}

  async #lock(): Promise<void> {
    if (!this.#busy) {
      this.#busy = true;
      return;
    }
    await new Promise<void>((resolve) => this.#waiting.push(resolve));
  }

  #unlock(): void {
    const next = this.#waiting.shift();
    if (next) next();
    else this.#busy = false;
  }

  /** Join the open group (or open one): the request's work runs in its own savepoint of the shared transaction. */
  async join(db: Kysely<DB>): Promise<WriteTransaction> {
    await this.#lock();
    const savepoint = `group_member_${++this.#seq}`;
    let group: Group;
    try {
      group = this.#group ??= new Group(await db.startTransaction().execute());
    } catch (err) {
      this.#unlock();
      throw err;
    }
    try {
      await sql.raw(`SAVEPOINT ${savepoint}`).execute(group.trx);
    } catch (err) {
      group.broken ??= err;
      await this.#leave(group);
      throw err;
    }
    group.members++;
    let ended = false;
    const end = async (keep: boolean) => {
      if (ended) return;
      ended = true;
      try {
        if (!keep) await sql.raw(`ROLLBACK TO ${savepoint}`).execute(group.trx);
        await sql.raw(`RELEASE ${savepoint}`).execute(group.trx);
      } catch (err) {
        group.broken ??= err;
      }
      await this.#leave(group);
      if (keep) await group.done;
    };
    return { trx: group.trx, commit: () => end(true), rollback: () => end(false) };
  }

  /**
   * A member is done. The group commits now when it is full, old or broken; otherwise the next waiting booking
   * continues it. When none waits, the commit is put off by one turn of the event loop (setImmediate): a member's
   * work is all microtasks (node:sqlite is synchronous), so without that turn no request received meanwhile could
   * ever reach the group — the requests whose bytes are already read join in it, then the group commits.
   */
  async #leave(group: Group): Promise<void> {
    const { maxMembers, maxMs } = this.options;
    if (group.broken !== undefined || group.members >= maxMembers || Date.now() - group.openedAt >= maxMs) {
      await this.#commit(group);
    } else if (this.#waiting.length === 0 && !group.commitPending) {
      group.commitPending = true;
      setImmediate(() => void this.#commitWhenIdle(group));
    }
    this.#unlock();
  }

  /** The put-off commit: after the members that joined in the meantime (the lock is FIFO). */
  async #commitWhenIdle(group: Group): Promise<void> {
    await this.#lock();
    try {
      if (this.#group === group) await this.#commit(group);
    } finally {
      this.#unlock();
    }
  }

  /** COMMIT (or, when broken, ROLLBACK) the group; its members learn the outcome through group.done. */
  async #commit(group: Group): Promise<void> {
    this.#group = null;
    try {
      if (group.broken !== undefined) throw group.broken;
      await group.trx.commit().execute();
      group.resolve();
    } catch (err) {
      if (!group.trx.isCommitted)
        await group.trx
          .rollback()
          .execute()
          .catch(() => {});
      // Alone, a booking gets the error its own transaction would have got; in a group, the failure is not
      // necessarily its own, so it is a plain server error (500: nothing stored, the booking may be sent again).
      group.reject(
        group.members > 1 ? new Error(`the COMMIT shared by ${group.members} bookings failed`, { cause: err }) : err,
      );
    }
  }
}
