// The write path: every POST/PUT/PATCH/DELETE of the API runs in one database transaction, opened after the
// request is validated and committed just before the response leaves. Inside it, shared for every route:
//   - Idempotency-Key: claimed before, the response stored in the transaction (idempotency.ts)
//   - If-Match: the record locked and its version compared before the handler runs (conditional.ts)
//   - the change feed: every record the write changed — its own, those changed by foreign-key actions, by other
//     statements of the handler and through derived fields — read from the write journal the database's triggers
//     fill (journal.ts, collect.ts, declared per module in records.ts), recorded with their cursors last, and the
//     webhook outbox filled from them
// SQLite transactions begin IMMEDIATE (db/connection.ts), so a write holds the write lock from its start.
// A refused or failed request rolls everything back. Clients that send none of these headers see no difference.
// Bookings on SQLite (routes with config.groupCommit) share one transaction with the bookings that arrive while it
// is open, each in its own savepoint, and their replies leave after the shared COMMIT (group-commit.ts).
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ControlledTransaction } from 'kysely';
import { forTenant, type TenantDb } from '../../db/tenant-scope.js';
import { nowTimestamp } from '../../values/formats.js';
import { credentialOwner } from '../../access/caller.js';
import type { DB } from '../../db/schema.js';
import type { Scope } from '../../tenancy/scope.js';
import {
  claimKey,
  fingerprintOf,
  idempotencyKeyOf,
  releaseKey,
  shownOnceFields,
  storeResponse,
  withoutSecrets,
  type Claim,
} from './idempotency.js';
import { checkIfMatch, etagOf, hashTag, lockRecord, noneMatchHits } from './conditional.js';
import { keyOf, Targets, type Target } from './targets.js';
import {
  GROUP_COMMIT_DEFAULTS,
  GroupCommit,
  ownTransaction,
  type WriteEnd,
  type WriteTransaction,
} from './group-commit.js';
import { WriteJournal } from './journal.js';
import { forgetCallers } from '../../access/caller.js';
import { collectChanges, type RecordChange } from './collect.js';
import { Presenter } from './present.js';
import type { ChangeStore } from './change-log.js';
import { fieldChanges } from './audit.js';
import { actorOf, readerKey } from '../../access/caller.js';

const WRITES = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
/** Tables a personal token's caller is read from (access/caller.ts): a write to them takes effect at once. */
const PEOPLE_TABLES = new Set(['employees', 'employment_periods']);

export interface WriteState {
  trx: ControlledTransaction<DB>;
  /** Ends the request's transaction (its own, or its savepoint of a group); commit() resolves once durable. */
  end: WriteEnd;
  /** The database outside the transaction (idempotency bookkeeping after a rollback). */
  outside: TenantDb;
  target: Target | null;
  claim?: Claim;
  /** The response object before serialisation (the route's own record, when it answers with it). */
  answer?: unknown;
  /** When the write began ('YYYY-MM-DD HH:MM:SS'). */
  began: string;
  closed: boolean;
}

export function registerWritePath(app: FastifyInstance): void {
  const targets = new Targets();
  const { dialect, config, records, changeLog, reads } = app.zk;
  const { maxMembers, maxMs } = config.groupCommit ?? GROUP_COMMIT_DEFAULTS;
  const group = dialect === 'sqlite' && maxMembers > 1 ? new GroupCommit({ maxMembers, maxMs }) : null;
  const presenter = new Presenter();
  let journal: WriteJournal | undefined;
  const writeRoutes: [string, string][] = [];
  /** The fields of write answers that hold a secret shown once, by "METHOD url" (idempotency.ts `shownOnceFields`). */
  const shownOnce = new Map<string, string[]>();
  const secretsOf = (request: FastifyRequest) => shownOnce.get(`${request.method} ${request.routeOptions.url}`);
  let writable: Set<string> | undefined;
  // The answer object of a write, before serialisation (only write routes carry the hook: reads pay nothing).
  const keepAnswer = (
    request: FastifyRequest,
    _reply: FastifyReply,
    payload: unknown,
    done: (err: null, payload: unknown) => void,
  ) => {
    if (request.write && !request.write.closed) request.write.answer = payload;
    done(null, payload);
  };
  app.addHook('onRoute', (route) => {
    targets.add(route.url);
    presenter.route(route, targets);
    const writes = [route.method].flat().filter((m) => WRITES.has(m));
    for (const m of writes) writeRoutes.push([m, route.url]);
    if (writes.length) route.preSerialization = [...[route.preSerialization ?? []].flat(), keepAnswer as never];
    const secrets = writes.length ? shownOnceFields(route.schema?.response) : [];
    for (const m of secrets.length ? writes : []) shownOnce.set(`${m} ${route.url}`, secrets);
  });
  /** A computed view: a record type no write changes directly and the feed does not show (its ETag hashes the answer). */
  const computed = (type: string) => {
    writable ??= new Set(writeRoutes.flatMap(([m, url]) => targets.of(m, url)?.type ?? []));
    return !writable.has(type) && !records.get(type);
  };
  // The modules have declared their records by now: watch their tables (SQLite: this connection's TEMP triggers).
  app.addHook('onReady', async () => {
    journal = new WriteJournal(dialect, records.tables());
    await journal.start(app.zk.db);
  });

  app.addHook('preHandler', async (request: FastifyRequest, reply: FastifyReply) => {
    if (!WRITES.has(request.method) || !request.db) return;
    const outside = request.db;
    const key = idempotencyKeyOf(request);
    const claim =
      key === undefined
        ? undefined
        : { tokenId: credentialOwner(request.caller), key, fingerprint: await fingerprintOf(request) };
    if (claim) {
      const stored = await claimKey(outside, claim, config.idempotencyKeyHours);
      if (stored) {
        reply.code(stored.status).headers(stored.headers).header('Idempotent-Replayed', 'true');
        return reply.send(stored.body);
      }
    }
    const target = targets.of(request.method, request.routeOptions.url ?? '');
    let tx: WriteTransaction;
    try {
      tx =
        group && request.routeOptions.config.groupCommit
          ? await group.join(outside.kysely)
          : await ownTransaction(outside.kysely);
    } catch (err) {
      if (claim) await releaseKey(outside, claim);
      throw err;
    }
    const { trx } = tx;
    request.write = { trx, end: tx, outside, target, claim, began: nowTimestamp(), closed: false };
    request.db = forTenant(trx, outside.tenantId, outside.language);
    await journal!.open(trx);
    if (target && target.op !== 'create') {
      const recordKey = keyOf(target, request.params as Record<string, unknown>);
      if (recordKey !== null) {
        await lockRecord(request.db, dialect, target.type, recordKey);
        await checkIfMatch(changeLog.store, request.db, request.headers['if-match'], target.type, recordKey);
      }
    }
  });

  app.addHook('onSend', async (request: FastifyRequest, reply: FastifyReply, payload: unknown) => {
    const write = request.write;
    if (write && !write.closed) {
      write.closed = true;
      if (reply.statusCode < 400) return commit(request, reply, write, payload);
      await rollback(write, reply.statusCode, reply, payload);
      return payload;
    }
    if (!write && (request.method === 'GET' || request.method === 'HEAD') && reply.statusCode === 200 && request.db) {
      return conditionalRead(
        changeLog.store,
        request,
        reply,
        targets.of('GET', request.routeOptions.url ?? ''),
        payload,
        computed,
      );
    }
    return payload;
  });

  // A request that ends without a response passing onSend (aborted connection) must not leave its transaction open.
  app.addHook('onResponse', async (request: FastifyRequest) => {
    const write = request.write;
    if (write && !write.closed) {
      write.closed = true;
      await rollback(write, 500);
    }
  });

  /**
   * The write's changes from its journal: feed entries (the route's own record from its answer when that is the
   * record as its GET shows it, the others loaded), the webhook outbox, the ETag, the stored idempotent response;
   * then the commit. When the write path stamped `modified` on the route's own record, the answer is that record
   * as it now is.
   */
  async function commit(
    request: FastifyRequest,
    reply: FastifyReply,
    write: WriteState,
    payload: unknown,
  ): Promise<unknown> {
    try {
      const scope: Scope = { db: request.db, dialect, tenant: request.tenant };
      const drained = await journal!.drain(write.trx, request.db.tenantId);
      const actor = actorOf(request.caller);
      const changes = await collectChanges(scope, records, journal!, drained.rows, write.began, actor.employee_id);
      const own = ownChange(changes, write.target, request.params as Record<string, unknown>, write.answer);
      const answersRecord = own !== undefined && presenter.answersRecord(request, own.type.type, reply.statusCode);
      let ownData = answersRecord && !own.derived && !own.stampedHere ? presenter.dataOf(payload) : undefined;
      // The authors stamped after the handler answered: its answer shows them as they now are.
      if (ownData !== undefined && own?.authored) {
        ownData = withAuthors(ownData, own.authored);
        payload = `{"data":${ownData}}`;
      }
      const entries = await presenter.entries(reply, scope, changes, own, ownData);
      // The audit trail: who made the write, and what it changed in each record's row (audit.ts).
      for (const { change, input } of entries) {
        input.actor = actor;
        input.fields = JSON.stringify(fieldChanges(change, input.op, journal!.ignored(change.type.table)));
      }
      const recorded = await changeLog.store.record(
        request.db,
        entries.map((e) => e.input),
        dialect,
      );
      await changeLog.heard(
        request.db,
        recorded.filter((c) => records.get(c.type)?.feed !== false),
        drained.hooks,
      );
      const ownEntry = entries.findIndex((e) => e.change === own);
      if (answersRecord && ownEntry >= 0 && entries[ownEntry].input.data !== null && ownData === undefined)
        payload = `{"data":${entries[ownEntry].input.data}}`;
      const target = write.target;
      if (target && target.op !== 'delete' && !target.action && reply.statusCode < 300) {
        if (ownEntry >= 0 && entries[ownEntry].input.op !== 'delete')
          reply.header('ETag', etagOf(recorded[ownEntry].cursor));
        else if (ownEntry < 0 && target.op === 'update') {
          const key = keyOf(target, request.params as Record<string, unknown>);
          if (key !== null) reply.header('ETag', etagOf(await changeLog.store.version(request.db, target.type, key)));
        }
      }
      if (write.claim) {
        const stored = withoutSecrets(payload, secretsOf(request));
        await storeResponse(request.db, write.claim, reply.statusCode, reply.getHeaders(), stored);
      }
      await write.end.commit();
      // Before the answer leaves: the caller's next reads wait for a replica that has this write (db/read-replicas.ts).
      if (reads) await reads.wrote(readerKey(request.db.tenantId, request.caller));
      if (drained.rows.some((r) => PEOPLE_TABLES.has(r.table))) forgetCallers(request.db.tenantId);
      return payload;
    } catch (err) {
      await write.end.rollback().catch(() => {});
      if (write.claim) await releaseKey(write.outside, write.claim).catch(() => {});
      throw err;
    }
  }
}

/** A record's JSON with the authors the write path stamped, where its answer shows them. */
function withAuthors(json: string, authored: NonNullable<RecordChange['authored']>): string {
  const record = JSON.parse(json) as Record<string, unknown>;
  let changed = false;
  for (const [field, value] of Object.entries(authored))
    if (field in record && record[field] !== value) ((record[field] = value), (changed = true));
  return changed ? JSON.stringify(record) : json;
}

/** The change of the record the route names (its path, or for a create the key its answer carries). */
function ownChange(
  changes: readonly RecordChange[],
  target: Target | null,
  params: Record<string, unknown>,
  answer: unknown,
): RecordChange | undefined {
  if (!target || target.op === 'read') return undefined;
  const data = (answer as { data?: unknown } | null | undefined)?.data;
  const key = keyOf(
    target,
    params,
    data && typeof data === 'object' && !Array.isArray(data) ? (data as Record<string, unknown>) : null,
  );
  if (key === null) return undefined;
  const mine = changes.filter((c) => c.type.type === target.type);
  const named = (k: string[] | null, exact: boolean) =>
    k !== null && (exact ? k.join('/') === key : k.join('/').toLowerCase() === key.toLowerCase());
  return (
    mine.find((c) => named(c.afterKey, true) || named(c.beforeKey, true)) ??
    mine.find((c) => named(c.afterKey, false) || named(c.beforeKey, false))
  );
}

async function rollback(write: WriteState, status: number, reply?: FastifyReply, payload?: unknown): Promise<void> {
  await write.end.rollback().catch(() => {});
  if (!write.claim) return;
  if (status < 500 && reply) await storeResponse(write.outside, write.claim, status, reply.getHeaders(), payload);
  else await releaseKey(write.outside, write.claim);
}

/**
 * GET of a record: its ETag, and 304 without a body when If-None-Match names it. A record's ETag is its version in
 * the change feed; a computed view's (workhour balances: no write and no feed entry of its own) a hash of its answer.
 */
async function conditionalRead(
  store: ChangeStore,
  request: FastifyRequest,
  reply: FastifyReply,
  target: Target | null,
  payload: unknown,
  computed: (type: string) => boolean,
): Promise<unknown> {
  if (!target || target.op !== 'read') return payload;
  const key = keyOf(target, request.params as Record<string, unknown>);
  if (key === null) return payload;
  const etag = computed(target.type) ? hashTag(payload) : etagOf(await store.version(request.db, target.type, key));
  reply.header('ETag', etag);
  if (!noneMatchHits(request.headers['if-none-match'], etag)) return payload;
  reply.code(304).removeHeader('content-type').removeHeader('content-length');
  return '';
}
