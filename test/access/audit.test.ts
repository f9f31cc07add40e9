// The audit trail: every write records its actor — the employee and the token (or session) — in the change feed, in
// webhook payloads and in GET /audit-events with the changed fields (docs/api/integration.md, "Audit events").
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { forEachDialect, type Client } from '../support/app.js';
import { createEmployee } from '../support/people.js';
import { bookingWorld } from '../support/booking-world.js';
import { addItem, createOffer } from '../support/commercial.js';

forEachDialect('audit trail', (t) => {
  /** A personal token of a new employee with these rights (0 User, 1 Administrator, 2 Controller), through the API. */
  async function person(c: Client, rights: number) {
    const e = await createEmployee(c, { rights });
    const r = await c.post('/tokens', { name: 'laptop', employee_id: e.username });
    assert.equal(r.status, 201, r.text);
    return {
      username: e.username as string,
      tokenId: r.body.data.id as number,
      client: t().client(c.tenant, r.body.data.token),
    };
  }

  const lastCursor = async (c: Client) => {
    const r = await c.get('/changes?since=0&limit=1000');
    assert.equal(r.status, 200, r.text);
    return r.body.next_cursor as string;
  };

  test('a personal token’s write names its employee and token in the feed, webhooks and audit events; so does what it cascades to', async () => {
    const w = await bookingWorld(t());
    const { c } = w;
    const hook = await c.post('/webhooks', { url: 'https://example.com/hooks', events: ['*'] });
    assert.equal(hook.status, 201, hook.text);
    const booked = await w.book();
    assert.equal(booked.status, 201, booked.text);
    const booking = String(booked.body.data.id);
    const admin = await person(c, 1);
    const since = await lastCursor(c);

    const renamed = await admin.client.patch('/activities/be', { name: 'bx', description: 'Beratung neu' });
    assert.equal(renamed.status, 200, renamed.text);
    const actor = { employee_id: admin.username, token_id: admin.tokenId, session_id: null };

    // The change feed: the activity and the booking that shows it, both by the same actor.
    const feed = (await c.get(`/changes?since=${since}`)).body.data as Record<string, any>[];
    const activity = feed.find((e) => e.type === 'activities');
    const dependent = feed.find((e) => e.type === 'attendances' && e.key === booking);
    assert.ok(activity && dependent, JSON.stringify(feed));
    assert.deepEqual(activity.actor, actor);
    assert.deepEqual(dependent.actor, actor);
    for (const e of feed) assert.deepEqual(e.actor, actor, JSON.stringify(e));

    // The webhook payload is the feed entry: the same actor.
    const log = await c.get(`/webhooks/${hook.body.data.id}/deliveries?limit=100`);
    assert.equal(log.status, 200, log.text);
    const delivered = (log.body.data as { event: string; payload: any }[]).filter(
      (d) => Number(d.payload.data.cursor) > Number(since),
    );
    const activityEvent = delivered.find((d) => d.event === 'activity.updated');
    assert.ok(activityEvent, JSON.stringify(log.body.data.map((d: { event: string }) => d.event)));
    assert.deepEqual(activityEvent.payload.data.actor, actor);
    assert.ok(
      delivered.some((d) => d.event === 'attendance.updated' && d.payload.data.actor.token_id === admin.tokenId),
    );

    // The audit events: the changed fields with their old and new values, found under the new and the old key.
    for (const key of ['bx', 'be']) {
      const r = await c.get(`/audit-events?type=activities&key=${key}`);
      assert.equal(r.status, 200, r.text);
      const last = r.body.data.at(-1);
      assert.equal(last.action, 'update');
      assert.equal(last.key, 'bx');
      assert.equal(last.previous_key, 'be');
      assert.deepEqual(last.actor, actor);
      assert.deepEqual(last.fields.name, { old: 'be', new: 'bx' });
      assert.deepEqual(last.fields.description, { old: 'Beratung', new: 'Beratung neu' });
      assert.equal(last.fields.modified, undefined, 'modified is no change');
      assert.match(last.changed_at, /^\d{4}-\d\d-\d\dT/);
    }
    const bookingEvents = (await c.get(`/audit-events?type=attendances&key=${booking}`)).body.data;
    assert.deepEqual(
      bookingEvents.map((e: { action: string }) => e.action),
      ['create', 'update'],
    );
    assert.equal(bookingEvents[0].actor.employee_id, null, 'the service token acts as no employee');
    assert.equal(typeof bookingEvents[0].actor.token_id, 'number');
    assert.equal(bookingEvents[0].fields.employee_id.new, w.employee);
    assert.equal(bookingEvents[0].fields.employee_id.old, null);
    assert.deepEqual(bookingEvents[1].actor, actor);
    // The booking names its activity by name: the foreign key's ON UPDATE CASCADE changed its row in the same write.
    assert.deepEqual(bookingEvents[1].fields, { activity_id: { old: 'be', new: 'bx' } });
  });

  test('a record changed only through data it shows (an offer’s totals) has the actor and no fields of its own', async () => {
    const c = await t().tenant();
    const admin = await person(c, 1);
    const offer = await createOffer(c);
    const item = await addItem(admin.client, offer.id, {
      type: 'aufwand',
      label: 'Work',
      quantity: 2,
      single_price: 50,
    });
    const events = (await c.get(`/audit-events?type=offers&key=${offer.id}`)).body.data;
    assert.deepEqual(
      events.map((e: { action: string }) => e.action),
      ['create', 'update'],
    );
    assert.deepEqual(events[1].actor, { employee_id: admin.username, token_id: admin.tokenId, session_id: null });
    assert.deepEqual(events[1].fields, {});
    const items = (await c.get(`/audit-events?type=offers/items&key=${offer.id}/${item.id}`)).body.data;
    assert.equal(items.length, 1, JSON.stringify(items));
    assert.equal(items[0].action, 'create');
    assert.equal(items[0].actor.token_id, admin.tokenId);
    assert.equal(items[0].fields.label.new, 'Work');
  });

  test('filters: record, actor and period; paged; in commit order', async () => {
    const c = await t().tenant();
    const a = await person(c, 1);
    const b = await person(c, 1);
    assert.equal((await a.client.post('/activities', { name: 'one' })).status, 201);
    assert.equal((await b.client.post('/activities', { name: 'two' })).status, 201);
    assert.equal((await a.client.patch('/activities/one', { description: 'd' })).status, 200);
    assert.equal((await b.client.delete('/activities/two')).status, 204);

    const list = async (query: string) => {
      const r = await c.get(`/audit-events?type=activities&${query}`);
      assert.equal(r.status, 200, r.text);
      return r.body.data as { key: string; action: string; actor: { employee_id: string }; fields: any }[];
    };
    const byA = await list(`employee_id=${encodeURIComponent(a.username)}`);
    assert.deepEqual(
      byA.map((e) => [e.key, e.action]),
      [
        ['one', 'create'],
        ['one', 'update'],
      ],
    );
    assert.deepEqual(byA[1].fields, { description: { old: null, new: 'd' } });
    const byB = await list(`token_id=${b.tokenId}`);
    assert.deepEqual(
      byB.map((e) => [e.key, e.action]),
      [
        ['two', 'create'],
        ['two', 'delete'],
      ],
    );
    assert.equal(byB[1].fields.name.old, 'two');
    assert.equal(byB[1].fields.name.new, null);
    assert.deepEqual(
      (await list('key=two')).map((e) => e.action),
      ['create', 'delete'],
    );
    assert.deepEqual(await list('from=2999-01-01'), []);
    assert.deepEqual(await list('to=2000-01-01'), []);
    assert.equal((await list('from=2000-01-01&to=2999-01-01')).length, 4);
    const desc = await list('order=desc');
    assert.deepEqual(
      desc.map((e) => e.action),
      ['delete', 'update', 'create', 'create'],
    );
    const page = await c.get('/audit-events?type=activities&limit=1&page=2');
    assert.equal(page.status, 200, page.text);
    assert.equal(page.body.meta.total, 4);
    assert.deepEqual([page.body.data.length, page.body.data[0].key], [1, 'two']);
    assert.equal((await c.get('/audit-events?token_id=x')).status, 422);
  });

  test('a User is 403 on /audit-events, a Controller reads it; another tenant’s events never appear', async () => {
    const c = await t().tenant();
    const other = await t().tenant();
    assert.equal((await other.post('/activities', { name: 'elsewhere' })).status, 201);
    assert.equal((await c.post('/activities', { name: 'here' })).status, 201);
    const user = await person(c, 0);
    const refused = await user.client.get('/audit-events');
    assert.equal(refused.status, 403, refused.text);
    assert.equal(refused.body.required, 'audit-events:read');
    const controller = await person(c, 2);
    const r = await controller.client.get('/audit-events?limit=200');
    assert.equal(r.status, 200, r.text);
    const keys = (r.body.data as { type: string; key: string }[]).map((e) => `${e.type} ${e.key}`);
    assert.ok(keys.includes('activities here'), keys.join());
    assert.ok(!keys.includes('activities elsewhere'), keys.join());
    const theirs = (await other.get('/audit-events?limit=200')).body.data as { key: string }[];
    assert.ok(!theirs.some((e) => e.key === 'here'));
    assert.ok(theirs.some((e) => e.key === 'elsewhere'));
  });
});
