// The Kysely driver of one read replica (docs/scaling.md, "Read replicas"): statements run on the replica's pool when
// they are reads outside a transaction, and on the primary's pool otherwise. Every transaction runs on the primary
// (a write request's transaction, and the booking rules' reads under their locks, never reach a replica). A
// statement the replica cannot answer — its connection fails, the standby cancels it (recovery conflict), or it
// writes (read-only transaction) — runs again on the primary: a read that tolerates lag never fails because of the
// replica. Connection failures mark the replica unhealthy for a while (read-replicas.ts).
import type {
  CompiledQuery,
  DatabaseConnection,
  Driver,
  QueryCompiler,
  QueryResult,
  TransactionSettings,
} from 'kysely';

/** What the driver asks of the replica it serves. */
export interface ReplicaTarget {
  /** False while the replica is marked unhealthy: reads go to the primary without trying it. */
  healthy(): boolean;
  /** A statement failed on the replica with a connection-level error. */
  failed(err: unknown): void;
}

/** SQLSTATE of a write refused by a standby (`cannot execute INSERT in a read-only transaction`). */
const READ_ONLY = '25006';
/** SQLSTATE of a statement the standby cancelled because replay needed its rows (recovery conflict). */
const RECOVERY_CONFLICT = '40001';

/**
 * True when the error says nothing about the statement but about the replica: no SQLSTATE (socket, timeout,
 * refused connection), connection exceptions (08), operator intervention (57: shutdown, cannot connect now),
 * insufficient resources (53), system errors (58) and internal errors (XX).
 */
export function isReplicaFailure(err: unknown): boolean {
  const code = (err as { code?: unknown })?.code;
  if (typeof code !== 'string' || !/^[0-9A-Z]{5}$/.test(code)) return true;
  return /^(08|57|53|58|XX)/.test(code);
}

const retriesOnPrimary = (err: unknown) => {
  const code = (err as { code?: unknown })?.code;
  return code === READ_ONLY || code === RECOVERY_CONFLICT || isReplicaFailure(err);
};

/** A plain read: a SELECT built by Kysely, or raw SQL that starts with SELECT or WITH. */
function isRead(query: CompiledQuery): boolean {
  const kind = query.query.kind;
  if (kind === 'SelectQueryNode') return true;
  return kind === 'RawNode' && /^\s*(select|with)\b/i.test(query.sql);
}

class RoutedConnection implements DatabaseConnection {
  /** In a transaction: every statement on the primary connection. */
  pinned = false;
  replica: DatabaseConnection | undefined;
  primary: DatabaseConnection | undefined;
  constructor(readonly driver: ReplicaDriver) {}

  async onPrimary(): Promise<DatabaseConnection> {
    return (this.primary ??= await this.driver.primaryDriver.acquireConnection());
  }
  async onReplica(): Promise<DatabaseConnection> {
    return (this.replica ??= await this.driver.replicaDriver.acquireConnection());
  }
  #useReplica(query: CompiledQuery): boolean {
    return !this.pinned && this.driver.target.healthy() && isRead(query);
  }
  async #replicaFailed(err: unknown): Promise<void> {
    if (isReplicaFailure(err)) this.driver.target.failed(err);
    const replica = this.replica;
    this.replica = undefined;
    if (replica) await this.driver.replicaDriver.releaseConnection(replica).catch(() => {});
  }

  async executeQuery<R>(query: CompiledQuery): Promise<QueryResult<R>> {
    if (this.#useReplica(query)) {
      try {
        return await (await this.onReplica()).executeQuery<R>(query);
      } catch (err) {
        if (!retriesOnPrimary(err)) throw err;
        await this.#replicaFailed(err);
      }
    }
    return (await this.onPrimary()).executeQuery<R>(query);
  }

  async *streamQuery<R>(query: CompiledQuery, chunkSize?: number): AsyncIterableIterator<QueryResult<R>> {
    if (this.#useReplica(query)) {
      let yielded = false;
      try {
        for await (const chunk of (await this.onReplica()).streamQuery<R>(query, chunkSize)) {
          yielded = true;
          yield chunk;
        }
        return;
      } catch (err) {
        // Rows already handed on cannot be taken back: only a stream that failed before its first rows moves.
        if (yielded || !retriesOnPrimary(err)) throw err;
        await this.#replicaFailed(err);
      }
    }
    yield* (await this.onPrimary()).streamQuery<R>(query, chunkSize);
  }

  async release(): Promise<void> {
    const { replica, primary } = this;
    this.replica = this.primary = undefined;
    this.pinned = false;
    if (replica) await this.driver.replicaDriver.releaseConnection(replica);
    if (primary) await this.driver.primaryDriver.releaseConnection(primary);
  }
}

/**
 * `replicaDriver` and `primaryDriver` are PostgreSQL drivers over the replica's pool and the primary's pool (the
 * primary's belongs to the primary's Kysely: destroy() ends the replica's only). A connection of this driver takes
 * a pooled connection of either only when a statement needs it.
 */
export class ReplicaDriver implements Driver {
  readonly #free: RoutedConnection[] = [];
  constructor(
    readonly target: ReplicaTarget,
    readonly replicaDriver: Driver,
    readonly primaryDriver: Driver,
  ) {}

  async init(): Promise<void> {
    await this.replicaDriver.init();
    await this.primaryDriver.init();
  }
  async acquireConnection(): Promise<DatabaseConnection> {
    return this.#free.pop() ?? new RoutedConnection(this);
  }
  async releaseConnection(connection: DatabaseConnection): Promise<void> {
    const routed = connection as RoutedConnection;
    try {
      await routed.release();
    } finally {
      if (this.#free.length < 100) this.#free.push(routed);
    }
  }
  async beginTransaction(connection: DatabaseConnection, settings: TransactionSettings): Promise<void> {
    const routed = connection as RoutedConnection;
    routed.pinned = true;
    await this.primaryDriver.beginTransaction(await routed.onPrimary(), settings);
  }
  async commitTransaction(connection: DatabaseConnection): Promise<void> {
    await this.primaryDriver.commitTransaction(await (connection as RoutedConnection).onPrimary());
  }
  async rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    await this.primaryDriver.rollbackTransaction(await (connection as RoutedConnection).onPrimary());
  }
  async savepoint(connection: DatabaseConnection, name: string, compile: QueryCompiler['compileQuery']) {
    await this.primaryDriver.savepoint!(await (connection as RoutedConnection).onPrimary(), name, compile);
  }
  async rollbackToSavepoint(connection: DatabaseConnection, name: string, compile: QueryCompiler['compileQuery']) {
    await this.primaryDriver.rollbackToSavepoint!(await (connection as RoutedConnection).onPrimary(), name, compile);
  }
  async releaseSavepoint(connection: DatabaseConnection, name: string, compile: QueryCompiler['compileQuery']) {
    await this.primaryDriver.releaseSavepoint!(await (connection as RoutedConnection).onPrimary(), name, compile);
  }
  async destroy(): Promise<void> {
    await this.replicaDriver.destroy();
  }
}
