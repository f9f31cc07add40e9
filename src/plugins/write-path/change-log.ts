// Where the write path records each write's changes, and who hears of them. The change feed's store
// (modules/changes) and the listeners (modules/webhooks: the outbox) register here when their modules are
// registered, so the write path imports no module.
import type { Dialect } from '../../db/dialect.js';
import type { TenantDb } from '../../db/tenant-scope.js';
import type { ChangeInput, RecordedChange, Subscriptions } from '../../values/changes.js';

export interface ChangeStore {
  /** Append the changes with the tenant's next cursors; called last in the write transaction. */
  record(db: TenantDb, changes: readonly ChangeInput[], dialect?: Dialect): Promise<RecordedChange[]>;
  /** A record's version (its ETag): the cursor of its latest change, 0 when it has none. */
  version(db: TenantDb, type: string, key: string): Promise<number>;
  /** Drop the changes older than the cutoff that no longer say anything current. */
  prune(db: TenantDb, cutoff: string): Promise<number>;
}

/** Hears a write's recorded changes that the feed shows, in the write's transaction. */
export type ChangeListener = (
  db: TenantDb,
  changes: readonly RecordedChange[],
  subscriptions?: Subscriptions,
) => Promise<void>;

export class ChangeLog {
  #store: ChangeStore | undefined;
  readonly #listeners: ChangeListener[] = [];

  useStore(store: ChangeStore): void {
    if (this.#store) throw new Error('A change store is registered already.');
    this.#store = store;
  }

  get store(): ChangeStore {
    if (!this.#store) throw new Error('No change store is registered (modules/changes registers it).');
    return this.#store;
  }

  listen(listener: ChangeListener): void {
    this.#listeners.push(listener);
  }

  async heard(db: TenantDb, changes: readonly RecordedChange[], subscriptions?: Subscriptions): Promise<void> {
    for (const listener of this.#listeners) await listener(db, changes, subscriptions);
  }
}
