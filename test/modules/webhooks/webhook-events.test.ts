// The published event catalogue (src/modules/webhooks/webhooks.events.ts) is every record type of the change feed and
// covers every event a write route of the OpenAPI document produces: nothing is unsubscribable except through '*'.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { EVENT_CATALOGUE, EVENT_TYPES } from '../../../src/modules/webhooks/webhooks.events.js';
import { eventName } from '../../../src/modules/webhooks/webhooks.outbox.js';
import { Targets } from '../../../src/plugins/write-path/targets.js';
import { API_PREFIX } from '../../../src/plugins/routing.js';
import { forEachDialect } from '../../support/app.js';

forEachDialect('webhook event catalogue', (t) => {
  test('every write route of the OpenAPI document produces an event of the catalogue, and every catalogued type has a route', async () => {
    const doc = (await t().inject({ method: 'GET', url: '/openapi/full.json' })).body;
    const url = (path: string) => API_PREFIX + path.replace(/\{(\w+)\}/g, ':$1');
    const targets = new Targets();
    for (const path of Object.keys(doc.paths)) targets.add(url(path));
    const produced = new Map<string, string>();
    for (const [path, item] of Object.entries<any>(doc.paths)) {
      // Subscriptions and credentials (tokens, sign-in sessions) stay out of the feed and produce no events.
      if (/^\/(webhooks|tokens|sessions)(\/|$)/.test(path)) continue;
      for (const method of ['post', 'put', 'patch', 'delete'].filter((m) => item[m])) {
        const target = targets.of(method.toUpperCase(), url(path));
        if (target && target.op !== 'read')
          produced.set(eventName(target.type, target.op), `${method.toUpperCase()} ${path}`);
      }
    }
    const catalogue = new Set(EVENT_CATALOGUE);
    assert.deepEqual(
      [...produced].filter(([event]) => !catalogue.has(event)).map(([event, route]) => `${event} (${route})`),
      [],
    );
    // Every type the change feed shows — written by a route or as a side effect (receipt amounts are written through
    // their receipt) — is in the catalogue, and nothing else.
    const feedTypes = t()
      .app.zk.records.types.filter((record) => record.feed !== false)
      .map((record) => record.type);
    assert.deepEqual([...EVENT_TYPES], [...new Set(feedTypes)].sort());
    const routed = new Set([...produced.keys()].map((e) => e.slice(0, e.lastIndexOf('.'))));
    assert.deepEqual(
      EVENT_TYPES.filter((type) => !routed.has(eventName(type, 'create').slice(0, -'.created'.length))),
      ['receipts/amounts'],
      'a type no route writes is a side effect of one',
    );
    assert.ok(produced.size >= 100, `${produced.size} events`);
  });
});
