// GET /changes: creates, updates and deletions in commit order with tombstones, types filter,
// paging by cursor, rolled-back writes absent, concurrent writers never skipped or repeated, 410 past retention.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { forTenant } from '../../../src/db/tenant-scope.js';
import { pruneWritePath } from '../../../src/plugins/write-path/maintenance.js';
import { forEachDialect, type Client } from '../../support/app.js';

/** Read the whole feed after `since`, page by page, as a polling client would. */
async function drain(c: Client, since = '0', query = '', limit = 3) {
  const seen: any[] = [];
  let cursor = since;
  for (;;) {
    const r = await c.get(`/changes?since=${cursor}&limit=${limit}${query}`);
    assert.equal(r.status, 200, r.text);
    seen.push(...r.body.data);
    if (r.body.data.length === 0) return { seen, cursor: r.body.next_cursor as string };
    cursor = r.body.next_cursor;
  }
}

forEachDialect('changes: the change feed', (t) => {
  test('create, update and delete appear in order with the record data; the deletion as a tombstone', async () => {
    const c = await t().tenant();
    const created = (await c.post('/departments', { name: 'Ops' })).body.data;
    const updated = (await c.patch(`/departments/${created.id}`, { name: 'Ops 2' })).body.data;
    assert.equal((await c.delete(`/departments/${created.id}`)).status, 204);
    const { seen } = await drain(c);
    const mine = seen.filter((s) => s.key === String(created.id));
    assert.deepEqual(
      mine.map((s) => [s.type, s.op]),
      [
        ['departments', 'create'],
        ['departments', 'update'],
        ['departments', 'delete'],
      ],
    );
    assert.deepEqual(mine[0].data, created);
    assert.deepEqual(mine[1].data, updated);
    assert.equal(mine[2].data, null);
    assert.match(mine[0].changed_at, /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.000000Z$/);
    const cursors = seen.map((s) => Number(s.cursor));
    assert.deepEqual(
      cursors,
      [...cursors].sort((a, b) => a - b),
    );
    assert.equal(new Set(cursors).size, cursors.length);
  });

  test('nested records carry their parents in the key; types[] filters; next_cursor stays when nothing is new', async () => {
    const c = await t().tenant();
    const customer = (await c.post('/customers', { customer_number: 'K1', name: 'Acme', currency: 'EUR' })).body.data;
    const contact = await c.post('/customers/K1/contacts', { first_name: 'Jane', last_name: 'Doe' });
    assert.equal(contact.status, 201, contact.text);
    await c.post('/departments', { name: 'Other' });
    const types = '&types[]=customers&types[]=customers/contacts';
    const { seen, cursor } = await drain(c, '0', types);
    // The customer's list item counts its contacts: a new contact changes the customer too.
    assert.deepEqual(
      seen.map((s) => [s.type, s.key, s.op]),
      [
        ['customers', 'K1', 'create'],
        ['customers/contacts', `K1/${contact.body.data.id}`, 'create'],
        ['customers', 'K1', 'update'],
      ],
    );
    assert.equal(seen[0].data.id, customer.id);
    const idle = await c.get(`/changes?since=${cursor}${types}`);
    assert.deepEqual(idle.body, { data: [], next_cursor: cursor });
  });

  test('refused writes leave no change; other tenants see none of it', async () => {
    const c = await t().tenant();
    const other = await t().tenant();
    await c.post('/customers', { customer_number: 'K1', name: 'Acme', currency: 'EUR' });
    assert.equal((await c.post('/customers', { customer_number: 'K1', name: 'Again', currency: 'EUR' })).status, 422);
    const { seen } = await drain(c);
    assert.deepEqual(
      seen.map((s) => s.op),
      ['create'],
    );
    assert.deepEqual((await drain(other)).seen, []);
  });

  test('concurrent writers: a client polling while they commit sees every change exactly once', async () => {
    const c = await t().tenant();
    const polled: any[] = [];
    let cursor = '0';
    // One client polling one request at a time, a poll queued after each write while other writes are in flight.
    let polls = Promise.resolve();
    const poll = () =>
      (polls = polls.then(async () => {
        const r = await c.get(`/changes?since=${cursor}&limit=50`);
        assert.equal(r.status, 200, r.text);
        polled.push(...r.body.data);
        cursor = r.body.next_cursor;
      }));
    const writers = Array.from({ length: 4 }, (_, w) =>
      (async () => {
        for (let i = 0; i < 8; i++) {
          assert.equal((await c.post('/departments', { name: `w${w}-${i}` })).status, 201);
          void poll();
        }
      })(),
    );
    await Promise.all(writers);
    await polls;
    polled.push(...(await drain(c, cursor, '', 50)).seen);
    const names = polled.map((s) => s.data.name).sort();
    assert.equal(names.length, 32);
    assert.equal(new Set(names).size, 32);
    const cursors = polled.map((s) => Number(s.cursor));
    assert.deepEqual(
      cursors,
      [...cursors].sort((a, b) => a - b),
    );
  });

  test('bad cursors and limits are 422; a cursor ahead of the feed is 410', async () => {
    const c = await t().tenant();
    for (const q of ['since=-1', 'since=abc', 'limit=0', 'limit=1001'])
      assert.equal((await c.get(`/changes?${q}`)).status, 422, q);
    const ahead = await c.get('/changes?since=99');
    assert.equal(ahead.status, 410);
    assert.equal(ahead.body.next_cursor, '0');
  });

  test('past the retention: a cursor behind pruned changes is 410 with where to go on; a record keeps its ETag', async () => {
    const ctx = t();
    const c = await ctx.tenant();
    const kept = await c.post('/departments', { name: 'Kept' });
    const gone = (await c.post('/departments', { name: 'Gone' })).body.data.id;
    await c.delete(`/departments/${gone}`);
    const before = await drain(c);
    await pruneWritePath(ctx.database.db, ctx.app.zk.changeLog, 90, new Date(Date.now() + 91 * 86_400_000));
    const old = await c.get('/changes?since=0');
    assert.equal(old.status, 410, old.text);
    assert.match(old.body.message, /no longer kept/);
    assert.equal(old.body.next_cursor, before.cursor);
    assert.equal((await c.get(`/changes?since=${before.cursor}`)).status, 200);
    assert.equal((await c.get(`/departments/${kept.body.data.id}`)).headers.etag, kept.headers.etag);
    const remaining = await forTenant(ctx.database.db, c.tenant.id).selectFrom('changes').select('op').execute();
    assert.deepEqual(
      remaining.map((r) => r.op),
      ['create'],
    );
  });
});
