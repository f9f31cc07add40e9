// The change feed and the webhook outbox over every write operation of the OpenAPI document (docs/api/integration.md,
// "What counts as a change"): each write's "Try it out" example (src/plugins/docs-examples.ts) — and a delete of a
// record of every collection — runs against a fresh demo tenant; every record of the tenant is read before and after
// (test/contract/support/records.ts). Every record whose answer changed (ignoring `modified`) has exactly one new feed
// entry with its current data, under its current key (previous_key after a rename), its ETag is that entry's cursor,
// its `modified` moved and modified_after finds it; no record that did not change has an entry; the outbox holds one
// event per entry; the write replayed with its Idempotency-Key, and a refused write, add nothing.
//
// The whole sweep runs when ZK_FEED_SWEEP=all (`npm run reliability` does: 250 writes, 30–60 s on SQLite and 60–230 s on
// PostgreSQL on this shared machine); npm test runs a deterministic part of it: every POST, PATCH and DELETE once —
// not PUT, an alias of PATCH on every route, nor each create a second time — 151 writes, 20 s and 40 s.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { createDemoTenantAs } from '../../src/demo/index.js';
import { jsonWrites, opKey } from '../../src/plugins/docs-examples.js';
import { eventName } from '../../src/modules/webhooks/webhooks.outbox.js';
import { forEachDialect, uniqueName, type Client, type Response } from '../support/app.js';
import { startSink } from '../support/sink.js';
import { changedBetween, collections, RecordReader, shown, type RecordView, type Snapshot } from './support/records.js';

type Json = Record<string, any>;
const instance = uniqueName('feed');

/** Not records of the feed: computed views, subscriptions and credentials (integration.md, permissions.md). */
const NOT_IN_FEED = ['workhour-balances', 'webhooks', 'tokens', 'sessions'];
/** Deletes that end a credential (a token revoked, a session ended): no record of the feed goes. */
const CREDENTIALS = /^\/(tokens|sessions)\//;
/** Run last: closing a month or correcting an invoice changes what other writes may do (as test/docs/try-it-out.test.ts). */
const LAST = ['POST /month-closings', 'POST /invoices/{invoice_number}/correction'];
/** Writes that are not changes of records: they queue webhook events of their own. */
const OUTBOX_OF_THEIR_OWN = ['POST /webhooks/{id}/test', 'POST /webhooks/{id}/deliveries/{delivery_id}/redeliver'];

/** Only the writes whose "METHOD /path" matches (while working on one area): ZK_FEED_SWEEP_ONLY=offers */
const only = process.env.ZK_FEED_SWEEP_ONLY ? new RegExp(process.env.ZK_FEED_SWEEP_ONLY) : undefined;
/** Every write, each create twice, PUT as well as PATCH (npm run reliability); otherwise the part npm test runs. */
const all = process.env.ZK_FEED_SWEEP === 'all';

const changesSince = async (c: Client, since: string) => {
  const out: Json[] = [];
  for (let cursor = since; ;) {
    const r = await c.get(`/changes?since=${cursor}&limit=1000`);
    assert.equal(r.status, 200, r.text);
    out.push(...r.body.data);
    if (r.body.data.length === 0) return out;
    cursor = r.body.next_cursor;
  }
};

forEachDialect(
  'change feed and webhooks over every write operation (demo tenant, Try it out examples)',
  (t) => {
    test('every changed record has exactly one entry with its data, ETag, modified and modified_after; nothing else has one; the outbox matches', async (tc) => {
      const started = Date.now();
      const { tenant, token } = await createDemoTenantAs(t().database.db, t().dialect, instance);
      const c = t().client(tenant, token);
      const doc = (await t().inject({ method: 'GET', url: '/openapi/docs/all.json' })).body;
      const sink = await startSink();
      tc.after(() => sink.close()); // also when an assertion fails: an open listener keeps the run alive
      const hook = await c.post('/webhooks', { url: sink.url, events: ['*'] });
      assert.equal(hook.status, 201, hook.text);
      const hookId = hook.body.data.id;
      const reader = new RecordReader(c, collections(doc, NOT_IN_FEED));
      let before = await reader.snapshot();
      let cursor = (await changesSince(c, '0')).at(-1)?.cursor ?? '0';
      const seenDeliveries = new Set<number>();
      const newDeliveries = async () => {
        const r = await c.get(`/webhooks/${hookId}/deliveries?limit=200`);
        assert.equal(r.status, 200, r.text);
        const fresh = r.body.data.filter((d: Json) => !seenDeliveries.has(d.id));
        for (const d of fresh) seenDeliveries.add(d.id);
        return fresh as Json[];
      };
      await newDeliveries();
      const failures: string[] = [];
      let checked = 0;
      let changedRecords = 0;

      /** Send one write and check the feed against what changed. */
      const check = async (
        label: string,
        send: (headers: Record<string, string>) => Promise<Response>,
        opts: { replay?: boolean; ownOutbox?: boolean } = {},
      ) => {
        const t0 = Math.floor(Date.now() / 1000) * 1000;
        const idempotencyKey = uniqueName('sweep');
        const r = await send({ 'idempotency-key': idempotencyKey });
        const entries = await changesSince(c, cursor);
        const deliveries = await newDeliveries();
        checked++;
        if (r.status >= 400) {
          if (entries.length)
            failures.push(
              `${label}: refused (${r.status}) but the feed has ${entries.map((e) => `${e.op} ${e.type}/${e.key}`).join(', ')}`,
            );
          if (deliveries.length)
            failures.push(`${label}: refused (${r.status}) but ${deliveries.length} webhook events`);
          return r;
        }
        const after = await reader.snapshot();
        changedRecords += await compare(label, before, after, entries, t0, failures, c);
        const expectedEvents = entries.map((e) => `${eventName(e.type, e.op)} ${e.cursor}`).sort();
        const events = deliveries
          .filter((d) => !opts.ownOutbox || d.payload?.data?.cursor !== undefined)
          .map((d) => `${d.event} ${d.payload.data.cursor}`)
          .sort();
        if (JSON.stringify(events) !== JSON.stringify(expectedEvents))
          failures.push(
            `${label}: webhook events ${JSON.stringify(events)} for feed entries ${JSON.stringify(expectedEvents)}`,
          );
        for (const d of deliveries) {
          const entry = entries.find((e) => e.cursor === d.payload?.data?.cursor);
          if (entry && JSON.stringify(d.payload.data) !== JSON.stringify(entry))
            failures.push(`${label}: the webhook payload of ${entry.type}/${entry.key} is not its feed entry`);
        }
        before = after;
        if (entries.length) cursor = entries.at(-1)!.cursor;
        if (opts.replay !== false) {
          const again = await send({ 'idempotency-key': idempotencyKey });
          if (again.headers['idempotent-replayed'] !== 'true')
            failures.push(`${label}: the retry with its Idempotency-Key was not replayed (${again.status})`);
          const more = await changesSince(c, cursor);
          if (more.length)
            failures.push(`${label}: the replay added ${more.map((e) => `${e.op} ${e.type}/${e.key}`).join(', ')}`);
          if ((await newDeliveries()).length) failures.push(`${label}: the replay queued webhook events`);
        }
        return r;
      };

      const writes = jsonWrites(doc).filter(({ op }) => !op['x-module'] || tenant.modules.has(op['x-module']));
      const ordered = [
        ...writes.filter((w) => !LAST.includes(opKey(w.method, w.path))),
        ...writes.filter((w) => LAST.includes(opKey(w.method, w.path))),
      ];
      for (const { path, method, op } of ordered) {
        const key = opKey(method, path);
        if (only && !only.test(key)) continue;
        if (!all && method === 'put' && doc.paths[path].patch) continue;
        const example = op.requestBody.content['application/json'].example;
        const params: Json = {};
        for (const p of [...(doc.paths[path].parameters ?? []), ...(op.parameters ?? [])]) {
          const param = p.$ref ? doc.components.parameters[p.$ref.split('/').pop()] : p;
          if (param.in === 'path') params[param.name] = param.example;
        }
        if (example === undefined || Object.values(params).some((v) => v === undefined)) {
          failures.push(`${key}: no example`);
          continue;
        }
        const url = path.replace(/\{([^}]+)\}/g, (_m, name: string) => encodeURIComponent(String(params[name])));
        const r = await check(
          `${key} ${url}`,
          (headers) => c.request(method.toUpperCase(), url, example, { headers }),
          // Signing in (no credential) takes no Idempotency-Key: nothing to replay.
          {
            ownOutbox: OUTBOX_OF_THEIR_OWN.includes(key),
            replay: !(Array.isArray(op.security) && !op.security.length),
          },
        );
        if (method !== 'post' || r.status >= 300) continue;
        // The same create again: a second record, or refused on a unique key — either way checked.
        if (all)
          await check(`${key} (again)`, (headers) => c.request('POST', url, example, { headers }), { replay: false });
        // A receipt sent twice with one client_id is created once: the repeat (200) changes nothing.
        if (path === '/receipts') {
          const once = { ...example, client_id: 900_000_000 + Math.floor(Math.random() * 1_000_000) };
          await check(`${key} with client_id`, (headers) => c.request('POST', url, once, { headers }), {
            replay: false,
          });
          const repeat = await check(`${key} with the same client_id`, () => c.request('POST', url, once), {
            replay: false,
          });
          assert.equal(repeat.status, 200, repeat.text);
        }
      }

      // Deletes: a record of each deletable collection (the newest, most likely one an example created).
      for (const [path, item] of Object.entries<Json>(doc.paths)) {
        if (
          !item.delete ||
          (item.delete['x-module'] && !tenant.modules.has(item.delete['x-module'])) ||
          (only && !only.test(`DELETE ${path}`)) ||
          CREDENTIALS.test(path)
        )
          continue;
        // Not in the feed: a webhook other than the sweep's own (its deletion must add no entry).
        const other =
          path === '/webhooks/{id}'
            ? (await c.get('/webhooks')).body.data.find((h: Json) => h.id !== hookId)
            : undefined;
        const target = other ? `/webhooks/${other.id}` : deleteTarget(path, before, hookId);
        if (!target) {
          failures.push(`DELETE ${path}: no record to delete`);
          continue;
        }
        await check(`DELETE ${path} ${target}`, (headers) => c.delete(target, { headers }));
      }

      const seconds = Math.round((Date.now() - started) / 1000);
      process.stderr.write(
        `[feed sweep ${t().dialect}] ${checked} writes${all ? '' : ' (npm test part; ZK_FEED_SWEEP=all for every one)'}, ${changedRecords} changed records checked in ${seconds} s\n`,
      );
      process.stdout.write(
        `# figure feed: ${JSON.stringify({ writes: checked, records: changedRecords, seconds, failures: failures.length })}\n`,
      );
      await c.delete(`/webhooks/${hookId}`);
      assert.deepEqual(failures, []);
    });
  },
  {
    docsInstance: instance,
    webhooksAllowPrivate: true,
    rateLimit: { perFiveMinutes: 1e9, perHour: 1e9 },
    tenantCacheMs: 60_000,
  },
);

/** The URL of a record to delete for a DELETE path: the newest record of its collection (not the sweep's webhook). */
function deleteTarget(path: string, snapshot: Snapshot, hookId: number): string | undefined {
  const views = [...snapshot.values()].filter((v) => v.collection.detail === path);
  if (views.length) return views.filter((v) => !(v.type === 'webhooks' && v.key === String(hookId))).at(-1)?.url;
  // A single file below a record (/receipts/{id}/attachments): a record that has one.
  const owner = path.slice(0, path.lastIndexOf('/'));
  const owners = [...snapshot.values()].filter((v) => v.collection.detail === owner);
  const pick = (owners.some((v) => v.item.filename) ? owners.filter((v) => v.item.filename) : owners).at(-1);
  return pick ? `${pick.url}${path.slice(owner.length)}` : undefined;
}

/** Compare two snapshots with the feed entries of the write between them; the number of changed records. */
async function compare(
  label: string,
  before: Snapshot,
  after: Snapshot,
  entries: Json[],
  t0: number,
  failures: string[],
  c: Client,
): Promise<number> {
  const changed = new Set(
    [...before.keys(), ...after.keys()].filter((k) => changedBetween(before.get(k), after.get(k))),
  );
  const fail = (msg: string) => failures.push(`${label}: ${msg}`);
  const byRecord = new Map<string, Json[]>();
  for (const e of entries) {
    const k = `${e.type} ${e.key}`;
    byRecord.set(k, [...(byRecord.get(k) ?? []), e]);
  }
  for (const [k, list] of byRecord) if (list.length > 1) fail(`${list.length} entries for ${k}`);
  const explained = new Set<string>();
  for (const e of entries) {
    const k = `${e.type} ${e.key}`;
    const was = e.previous_key ? `${e.type} ${e.previous_key}` : k;
    const now = after.get(k);
    if (e.op === 'delete') {
      if (after.has(k)) fail(`delete entry for ${k}, which is still listed`);
      else if (!before.has(k) && !changed.has(k)) fail(`delete entry for ${k}, which was not listed before`);
      explained.add(k);
      continue;
    }
    if (!now) {
      if (before.has(k) || ![...after.values()].some((v) => v.type === e.type))
        fail(`${e.op} entry for ${k}, which is not listed after the write`);
      continue;
    }
    explained.add(k);
    if (e.previous_key) {
      explained.add(was);
      if (!before.has(was) || after.has(was))
        fail(
          `${k} renamed from ${e.previous_key}, but that key ${before.has(was) ? 'is still listed' : 'was not listed before'}`,
        );
    }
    if (e.op === 'create' && before.has(k)) fail(`create entry for ${k}, which was listed before`);
    if (e.op === 'update' && !before.has(was)) fail(`update entry for ${k}, which was not listed before`);
    if (!changed.has(k) && !changed.has(was)) fail(`${e.op} entry for ${k}, whose answer did not change`);
    const differs = fieldsDiffering(e.data ?? {}, shown(now));
    if (differs.length) fail(`the entry of ${k} is not the record as GET answers it: ${differs.join('; ')}`);
    await checkRecord(now, e, t0, fail, c);
  }
  for (const k of changed) {
    if (explained.has(k)) continue;
    let how = 'new';
    if (before.has(k)) how = after.has(k) ? diffOf(before.get(k)!, after.get(k)!) : 'gone';
    fail(`${k} changed (${how}) without a feed entry`);
  }
  return changed.size;
}

/** The fields in which two answers differ, with both values. */
function fieldsDiffering(x: Json, y: Json): string[] {
  return [...new Set([...Object.keys(x), ...Object.keys(y)])]
    .filter((f) => JSON.stringify(x[f]) !== JSON.stringify(y[f]))
    .map((f) => `${f}: ${JSON.stringify(x[f])?.slice(0, 120)} ≠ ${JSON.stringify(y[f])?.slice(0, 120)}`);
}

function diffOf(a: RecordView, b: RecordView): string {
  const x = shown(a);
  const y = shown(b);
  const fields = [
    ...new Set([...Object.keys(x), ...Object.keys(y), ...Object.keys(a.item), ...Object.keys(b.item)]),
  ].filter((f) => JSON.stringify(x[f] ?? a.item[f]) !== JSON.stringify(y[f] ?? b.item[f]));
  return fields
    .map(
      (f) =>
        `${f}: ${JSON.stringify(x[f] ?? a.item[f])?.slice(0, 80)} → ${JSON.stringify(y[f] ?? b.item[f])?.slice(0, 80)}`,
    )
    .join('; ');
}

/** The record's ETag is its entry's cursor, its `modified` moved, and modified_after finds it. */
async function checkRecord(
  view: RecordView,
  entry: Json,
  t0: number,
  fail: (m: string) => void,
  c: Client,
): Promise<void> {
  const got = await c.get(view.url);
  if (got.headers.etag !== `"${entry.cursor}"`)
    fail(`GET ${view.url}: ETag ${got.headers.etag}, its feed entry is cursor ${entry.cursor}`);
  const modified = shown(view).modified ?? shown(view).updated_at;
  if (modified === undefined) return;
  if (modified === null || Date.parse(modified) < t0)
    fail(`${view.type} ${view.key}: modified ${modified} did not move (write at ${new Date(t0).toISOString()})`);
  if (!view.collection.modifiedAfter) return;
  const since = new Date(t0 - 1000).toISOString().slice(0, 19);
  const list = view.url.slice(0, view.url.lastIndexOf('/'));
  const found = await c.get(`${list}?modified_after=${since}&limit=200`);
  const keyOf = view.key.split('/').at(-1);
  if (!found.body?.data?.some((i: Json) => Object.values(i).some((v) => String(v) === keyOf)))
    fail(`${list}?modified_after=${since} does not list ${view.type} ${view.key}`);
}
