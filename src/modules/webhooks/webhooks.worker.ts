// The delivery worker, inside every server process. It claims due deliveries with a lease (PostgreSQL: FOR UPDATE
// SKIP LOCKED, so processes never take the same row; SQLite: the one writer), POSTs each signed per Standard
// Webhooks (webhook-id, webhook-timestamp, webhook-signature: v1,<base64 HMAC-SHA256 of "id.timestamp.body">),
// and records the outcome. Failures retry with exponential backoff and jitter for up to a day; a lease that
// expires (a process died mid-send) makes the delivery due again: delivery is at least once.
// Each delivery connects through webhooks.addresses.ts (connectTo), which applies the address rule to the address
// actually connected to; redirects are not followed (a 3xx is a failed attempt, like any answer but 2xx).
import crypto from 'node:crypto';
import http from 'node:http';
import https from 'node:https';
import { sql, type Kysely } from 'kysely';
import type { DB } from '../../db/schema.js';
import type { Dialect } from '../../db/dialect.js';
import { nowTimestamp, toBool } from '../../values/formats.js';
import { forTenant } from '../../db/tenant-scope.js';
import { connectTo } from './webhooks.addresses.js';
import { openSecret, sealSecret, secretKeyOf } from './webhooks.secrets.js';
import type { DeliveryRow } from './webhooks.repository.js';

export interface WorkerOptions {
  allowPrivate: boolean;
  /** First retry delay; doubles per attempt up to an hour, ±20 % jitter. */
  retryBaseMs?: number;
  /** Give up after this long since the event (default a day). */
  giveUpAfterMs?: number;
  timeoutMs?: number;
  batch?: number;
  /** WEBHOOK_SECRET_KEY: opens secrets stored encrypted (webhooks.secrets.ts). */
  secretKey?: string;
}

const LEASE_MS = 60_000;
const MAX_DELAY_MS = 3600_000;

/** The secret's key bytes: whsec_<base64> as Standard Webhooks defines it, else the text's UTF-8 bytes. */
export const secretKey = (secret: string) =>
  secret.startsWith('whsec_') ? Buffer.from(secret.slice(6), 'base64') : Buffer.from(secret, 'utf8');

export function sign(secret: string, messageId: string, timestamp: number, body: string): string {
  return `v1,${crypto.createHmac('sha256', secretKey(secret)).update(`${messageId}.${timestamp}.${body}`).digest('base64')}`;
}

export function retryDelayMs(attempts: number, baseMs: number): number {
  const delay = Math.min(MAX_DELAY_MS, baseMs * 2 ** Math.max(0, attempts - 1));
  return Math.round(delay * (0.8 + Math.random() * 0.4));
}

interface Hook {
  url: string;
  /** As stored (webhooks.secrets.ts). */
  secret: string;
  tenantId: number;
  active: boolean;
}

interface Outcome {
  status: number | null;
  error: string | null;
}

function post(
  url: string,
  headers: Record<string, string>,
  body: string,
  allowPrivate: boolean,
  timeoutMs: number,
): Promise<Outcome> {
  return new Promise((resolve) => {
    const target = new URL(url);
    const client = target.protocol === 'https:' ? https : http;
    let settled = false;
    const settle = (outcome: Outcome) => {
      if (settled) return;
      settled = true;
      clearTimeout(deadline);
      resolve(outcome);
    };
    const req = client.request(
      target,
      {
        method: 'POST',
        headers: { ...headers, 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
        createConnection: connectTo(target, allowPrivate) as unknown as typeof http.globalAgent.createConnection,
      },
      (res) => {
        res.resume();
        res.on('end', () => settle({ status: res.statusCode ?? null, error: null }));
        res.on('error', (err) => settle({ status: res.statusCode ?? null, error: err.message }));
      },
    );
    // The whole attempt (name resolution, connection, answer) within the timeout.
    const deadline = setTimeout(() => req.destroy(new Error(`no answer within ${timeoutMs} ms`)), timeoutMs);
    req.on('error', (err) => settle({ status: null, error: err.message.slice(0, 500) }));
    req.end(body);
  });
}

export class WebhookWorker {
  #timer: NodeJS.Timeout | null = null;
  #running: Promise<number> | null = null;

  readonly #secretKey: Buffer | undefined;

  constructor(
    private readonly db: Kysely<DB>,
    private readonly dialect: Dialect,
    private readonly opts: WorkerOptions,
  ) {
    this.#secretKey = secretKeyOf(opts.secretKey);
  }

  /**
   * Claim the due deliveries (up to a batch) and send them; returns how many were attempted. Every tenant's,
   * or with `tenantId` one tenant's only (tests that must not touch other tenants' deliveries).
   */
  async runOnce(tenantId?: number): Promise<number> {
    const now = nowTimestamp();
    const lease = nowTimestamp(new Date(Date.now() + LEASE_MS));
    const skipLocked = this.dialect === 'postgres' ? sql` FOR UPDATE SKIP LOCKED` : sql``;
    const ofTenant = tenantId === undefined ? sql`` : sql` AND q.tenant_id = ${tenantId}`;
    const claimed = await sql<DeliveryRow>`
      UPDATE webhook_deliveries SET locked_until = ${lease}, attempts = attempts + 1
      WHERE (tenant_id, id) IN (
        SELECT q.tenant_id, q.id FROM webhook_deliveries AS q
        WHERE q.state = 'pending' AND q.next_attempt_at <= ${now} AND (q.locked_until IS NULL OR q.locked_until < ${now})${ofTenant}
        ORDER BY q.next_attempt_at LIMIT ${this.opts.batch ?? 20}${skipLocked})
      RETURNING *`.execute(this.db);
    const hooks = await this.#webhooks(claimed.rows);
    await Promise.all(claimed.rows.map((d) => this.#deliver(d, hooks.get(`${d.tenant_id}:${d.webhook_id}`))));
    return claimed.rows.length;
  }

  /** The claimed deliveries' webhooks (url, secret), one query per tenant. */
  async #webhooks(deliveries: DeliveryRow[]) {
    const byTenant = new Map<number, Set<number>>();
    for (const d of deliveries)
      (byTenant.get(Number(d.tenant_id)) ?? byTenant.set(Number(d.tenant_id), new Set()).get(Number(d.tenant_id))!).add(
        Number(d.webhook_id),
      );
    const hooks = new Map<string, Hook>();
    for (const [tenantId, ids] of byTenant) {
      const rows = await forTenant(this.db, tenantId)
        .selectFrom('webhooks')
        .select(['id', 'url', 'secret', 'active'])
        .where('id', 'in', [...ids])
        .execute();
      for (const r of rows)
        hooks.set(`${tenantId}:${r.id}`, { url: r.url, secret: r.secret, tenantId, active: toBool(r.active) ?? true });
    }
    return hooks;
  }

  async #deliver(d: DeliveryRow, hook: Hook | undefined): Promise<void> {
    const outcome: Outcome = !hook?.active
      ? { status: null, error: 'The webhook is inactive.' }
      : await this.#send(d, hook);
    const ok = outcome.status !== null && outcome.status >= 200 && outcome.status < 300;
    const now = new Date();
    const next = new Date(now.getTime() + retryDelayMs(Number(d.attempts), this.opts.retryBaseMs ?? 5_000));
    const expired =
      !hook?.active ||
      next.getTime() - Date.parse(`${d.created.replace(' ', 'T')}Z`) > (this.opts.giveUpAfterMs ?? 86_400_000);
    const error = ok ? null : (outcome.error ?? `HTTP ${outcome.status}`);
    const failedOrPending = expired ? 'failed' : 'pending';
    await forTenant(this.db, Number(d.tenant_id))
      .updateTable('webhook_deliveries')
      .set({
        state: ok ? 'delivered' : failedOrPending,
        last_status: outcome.status,
        last_error: error,
        delivered_at: ok ? nowTimestamp(now) : null,
        next_attempt_at: ok || expired ? nowTimestamp(now) : nowTimestamp(next),
        locked_until: null,
      })
      .where('id', '=', d.id)
      .execute();
  }

  async #send(d: DeliveryRow, hook: Hook): Promise<Outcome> {
    let secret: string;
    try {
      secret = openSecret(hook.secret, hook.tenantId, this.#secretKey);
    } catch (err) {
      return { status: null, error: (err as Error).message };
    }
    const timestamp = Math.floor(Date.now() / 1000);
    const headers = {
      'webhook-id': d.message_id,
      'webhook-timestamp': String(timestamp),
      'webhook-signature': sign(secret, d.message_id, timestamp, d.payload),
      'user-agent': 'zeitkonto-webhooks',
    };
    return post(hook.url, headers, d.payload, this.opts.allowPrivate, this.opts.timeoutMs ?? 10_000);
  }

  /**
   * With WEBHOOK_SECRET_KEY set, seal the secrets still stored as text (stored before the key was set); each row
   * is replaced only if it still holds the text read, so processes starting together do no harm. Returns the count.
   * Every tenant's, or with `tenantId` one tenant's (tests).
   */
  async sealStoredSecrets(tenantId?: number): Promise<number> {
    if (!this.#secretKey) return 0;
    let query = this.db
      .selectFrom('webhooks')
      .select(['tenant_id', 'id', 'secret'])
      .where('secret', 'not like', 'enc:v1:%');
    if (tenantId !== undefined) query = query.where('tenant_id', '=', tenantId);
    const rows = await query.execute();
    for (const r of rows) {
      await forTenant(this.db, Number(r.tenant_id))
        .updateTable('webhooks')
        .set({ secret: sealSecret(r.secret, Number(r.tenant_id), this.#secretKey) })
        .where('id', '=', r.id)
        .where('secret', '=', r.secret)
        .execute();
    }
    return rows.length;
  }

  /** Poll every `intervalMs` (one round at a time), after sealing secrets stored as text. */
  start(intervalMs: number, log: (err: unknown) => void): void {
    if (this.#timer) return;
    this.#running = this.sealStoredSecrets()
      .then(
        () => 0,
        (err) => (log(err), 0),
      )
      .finally(() => (this.#running = null));
    this.#timer = setInterval(() => {
      if (this.#running) return;
      this.#running = this.runOnce()
        .catch((err) => (log(err), 0))
        .finally(() => (this.#running = null));
    }, intervalMs);
    this.#timer.unref();
  }

  async stop(): Promise<void> {
    if (this.#timer) clearInterval(this.#timer);
    this.#timer = null;
    await this.#running;
  }
}
