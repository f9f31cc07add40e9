// The write path: every POST/PUT/PATCH/DELETE of the API runs in one database transaction, opened after the
// request is validated and committed just before the response leaves. Inside it, shared for every route:
//   - Idempotency-Key: claimed before, the response stored in the transaction (idempotency.ts)
//   - If-Match: the record locked and its version compared before the handler runs (conditional.ts)
//   - the change feed: the request's changes (derived from the route, targets.ts, or added by the handler with
//     addChange) recorded with their cursors last, and the webhook outbox filled from them
// SQLite transactions begin IMMEDIATE (db/connection.ts), so a write holds the write lock from its start.
// A refused or failed request rolls everything back. Clients that send none of these headers see no difference.
// Bookings on SQLite (routes with config.groupCommit) share one transaction with the bookings that arrive while it
// is open, each in its own savepoint, and their replies leave after the shared COMMIT (group-commit.ts).
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ControlledTransaction } from 'kysely';
import { forTenant, type TenantDb } from '../../db/tenant-scope.js';
import type { DB } from '../../db/schema.js';
import { recordChanges, recordVersion, type ChangeInput } from '../../modules/changes/changes.repository.js';
import { enqueueDeliveries } from '../../modules/webhooks/webhooks.outbox.js';
import { claimKey, fingerprintOf, idempotencyKeyOf, releaseKey, storeResponse, type Claim } from './idempotency.js';
import { checkIfMatch, etagOf, lockRecord, noneMatchHits } from './conditional.js';
import { describesRecord, keyOf, Targets, type Target } from './targets.js';
import { GROUP_COMMIT_DEFAULTS, GroupCommit, ownTransaction, type WriteEnd, type WriteTransaction } from './group-commit.js';

const WRITES = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

export interface WriteState {
  trx: ControlledTransaction<DB>;
  /** Ends the request's transaction (its own, or its savepoint of a group); commit() resolves once durable. */
  end: WriteEnd;
  /** The database outside the transaction (idempotency bookkeeping after a rollback). */
  outside: TenantDb;
  target: Target | null;
  claim?: Claim;
  /** Changes the handler reports itself (bulk, actions); the route's own change is derived. */
  changes: ChangeInput[];
  closed: boolean;
}

/** Report a change the route does not imply (e.g. each record a bulk request creates). */
export function addChange(request: FastifyRequest, change: ChangeInput): void {
  request.write?.changes.push(change);
}

function parsedData(payload: unknown): Record<string, unknown> | null {
  if (typeof payload !== 'string' || payload === '') return null;
  try {
    const data = (JSON.parse(payload) as { data?: unknown }).data;
    return data && typeof data === 'object' && !Array.isArray(data) ? (data as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

/** The change the route itself implies (create/update/delete of its record), if it is recorded at all. */
function routeChange(request: FastifyRequest, target: Target | null, payload: unknown): ChangeInput | null {
  if (!target || target.op === 'read' || request.routeOptions.config.changeFeed === false) return null;
  const data = target.op === 'delete' ? null : parsedData(payload);
  const key = keyOf(target, request.params as Record<string, unknown>, data);
  if (key === null) return null;
  // An action's response need not be the record: it is the record's data only when it carries the record's key.
  const isRecord = !target.action || describesRecord(target, request.params as Record<string, unknown>, data);
  return { type: target.type, key, op: target.op, data: isRecord ? data : null };
}

export function registerWritePath(app: FastifyInstance): void {
  const targets = new Targets();
  const { dialect, config } = app.zk;
  const { maxMembers, maxMs } = config.groupCommit ?? GROUP_COMMIT_DEFAULTS;
  const group = dialect === 'sqlite' && maxMembers > 1 ? new GroupCommit({ maxMembers, maxMs }) : null;
  app.addHook('onRoute', (route) => targets.add(route.url));

  app.addHook('preHandler', async (request: FastifyRequest, reply: FastifyReply) => {
    if (!WRITES.has(request.method) || !request.db) return;
    const outside = request.db;
    const key = idempotencyKeyOf(request);
    const claim = key === undefined ? undefined : { tokenId: request.token.id, key, fingerprint: fingerprintOf(request) };
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
      tx = group && request.routeOptions.config.groupCommit ? await group.join(outside.kysely) : await ownTransaction(outside.kysely);
    } catch (err) {
      if (claim) await releaseKey(outside, claim);
      throw err;
    }
    const { trx } = tx;
    request.write = { trx, end: tx, outside, target, claim, changes: [], closed: false };
    request.db = forTenant(trx, outside.tenantId, outside.language);
    if (target && target.op !== 'create') {
      const recordKey = keyOf(target, request.params as Record<string, unknown>);
      if (recordKey !== null) {
        await lockRecord(request.db, dialect, target.type, recordKey);
        await checkIfMatch(request.db, request.headers['if-match'], target.type, recordKey);
      }
    }
  });

  app.addHook('onSend', async (request: FastifyRequest, reply: FastifyReply, payload: unknown) => {
    const write = request.write;
    if (write && !write.closed) {
      write.closed = true;
      if (reply.statusCode < 400) await commit(request, reply, write, payload);
      else await rollback(write, reply.statusCode, reply, payload);
      return payload;
    }
    if (!write && (request.method === 'GET' || request.method === 'HEAD') && reply.statusCode === 200 && request.db) {
      return conditionalRead(request, reply, targets.of('GET', request.routeOptions.url ?? ''), payload);
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
}

async function commit(request: FastifyRequest, reply: FastifyReply, write: WriteState, payload: unknown): Promise<void> {
  try {
    const own = routeChange(request, write.target, payload);
    const recorded = await recordChanges(request.db, own ? [own, ...write.changes] : write.changes);
    await enqueueDeliveries(request.db, recorded);
    if (own && own.op !== 'delete' && !write.target?.action) reply.header('ETag', etagOf(recorded[0].cursor));
    if (write.claim) await storeResponse(request.db, write.claim, reply.statusCode, reply.getHeaders(), payload);
    await write.end.commit();
  } catch (err) {
    await write.end.rollback().catch(() => {});
    if (write.claim) await releaseKey(write.outside, write.claim).catch(() => {});
    throw err;
  }
}

async function rollback(write: WriteState, status: number, reply?: FastifyReply, payload?: unknown): Promise<void> {
  await write.end.rollback().catch(() => {});
  if (!write.claim) return;
  if (status < 500 && reply) await storeResponse(write.outside, write.claim, status, reply.getHeaders(), payload);
  else await releaseKey(write.outside, write.claim);
}

/** GET of a record: its ETag, and 304 without a body when If-None-Match names it. */
async function conditionalRead(request: FastifyRequest, reply: FastifyReply, target: Target | null, payload: unknown): Promise<unknown> {
  if (!target || target.op !== 'read') return payload;
  const key = keyOf(target, request.params as Record<string, unknown>);
  if (key === null) return payload;
  const etag = etagOf(await recordVersion(request.db, target.type, key));
  reply.header('ETag', etag);
  if (!noneMatchHits(request.headers['if-none-match'], etag)) return payload;
  reply.code(304).removeHeader('content-type').removeHeader('content-length');
  return '';
}
