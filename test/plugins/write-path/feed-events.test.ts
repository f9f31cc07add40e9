// What the feed and the webhook outbox record for writes whose changes the route alone does not name
// (docs/api/integration.md, "What counts as a change"): a multi-day planning creates one entry per day, a folder
// document upload is a create with the file's metadata, a write that changes nothing and a replayed client_id
// record nothing, and every entry is one webhook event.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { createDemoTenantAs } from '../../../src/demo/index.js';
import { forEachDialect, uniqueName, type Client } from '../../support/app.js';
import { startSink } from '../../support/sink.js';

const FILE = {
  filename: 'plan.txt',
  content_type: 'text/plain',
  file_contents: Buffer.from('Plan\n').toString('base64'),
};

const feedAfter = async (c: Client, since: string) =>
  (await c.get(`/changes?since=${since}&limit=1000`)).body.data as any[];
const last = async (c: Client) => (await feedAfter(c, '0')).at(-1)?.cursor ?? '0';

forEachDialect(
  'write path: the feed records what changed, not what the route names',
  (t) => {
    test('a planning over several days: one create per entry, each a webhook event', async () => {
      const { tenant, token } = await createDemoTenantAs(t().database.db, t().dialect, uniqueName('events'));
      const c = t().client(tenant, token);
      const sink = await startSink();
      try {
        const hook = await c.post('/webhooks', { url: sink.url, events: ['planning.created'] });
        assert.equal(hook.status, 201, hook.text);
        const planning = (await c.get('/plannings')).body.data[0];
        const since = await last(c);
        const r = await c.post('/plannings/range', {
          employee_id: planning.employee_id,
          project_id: planning.project_id,
          date: '2027-03-01',
          date_to: '2027-03-05',
          kind: 1,
          planning: 2,
        });
        assert.equal(r.status, 201, r.text);
        const made = (
          await c.get(
            `/plannings?employee_ids[]=${encodeURIComponent(planning.employee_id)}&date_from=2027-03-01&date_to=2027-03-05`,
          )
        ).body.data;
        assert.ok(made.length >= 3, `${made.length} entries`);
        const entries = (await feedAfter(c, since)).filter((e) => e.type === 'plannings');
        assert.deepEqual(
          entries.map((e) => [e.op, e.key]).sort(),
          made.map((p: any) => ['create', String(p.id)]).sort(),
        );
        for (const e of entries) assert.deepEqual(e.data, (await c.get(`/plannings/${e.key}`)).body.data);
        const events = (await c.get(`/webhooks/${hook.body.data.id}/deliveries?limit=200`)).body.data;
        assert.deepEqual(events.map((d: any) => d.payload.data.key).sort(), entries.map((e) => e.key).sort());
        await c.delete(`/webhooks/${hook.body.data.id}`);
      } finally {
        await sink.close();
      }
    });

    test('a folder document uploaded is created in the feed with its metadata; its deletion is a tombstone', async () => {
      const c = await t().tenant();
      const folder = (await c.post('/folders', { name: 'Verträge' })).body.data;
      const since = await last(c);
      assert.equal((await c.post(`/folders/${folder.id}/documents`, FILE)).status, 200);
      const [doc] = (await c.get(`/folders/${folder.id}/documents`)).body.data;
      const [created] = await feedAfter(c, since);
      assert.deepEqual(
        [created.type, created.key, created.op],
        ['folders/documents', `${folder.id}/${doc.id}`, 'create'],
      );
      assert.deepEqual(created.data, doc);
      assert.ok(doc.modified, 'a document has modified');
      const got = await c.get(`/folders/${folder.id}/documents/${doc.id}`);
      assert.equal(got.headers.etag, `"${created.cursor}"`);
      assert.equal((await c.delete(`/folders/${folder.id}/documents/${doc.id}`)).status, 204);
      assert.deepEqual(
        (await feedAfter(c, created.cursor)).map((e) => [e.type, e.key, e.op]),
        [['folders/documents', `${folder.id}/${doc.id}`, 'delete']],
      );
    });

    test('a write that changes nothing records nothing and keeps the ETag; a replayed client_id records nothing', async () => {
      const { tenant, token } = await createDemoTenantAs(t().database.db, t().dialect, uniqueName('events'));
      const c = t().client(tenant, token);
      const category = (await c.post('/categories', { name: 'Same', type: 'customer' })).body.data;
      const before = await c.get('/categories/Same');
      const since = await last(c);
      const again = await c.patch('/categories/Same', { description: category.description ?? null, type: 'customer' });
      assert.equal(again.status, 200, again.text);
      assert.deepEqual(await feedAfter(c, since), []);
      assert.equal(again.headers.etag, before.headers.etag);
      assert.equal((await c.get('/categories/Same')).headers.etag, before.headers.etag);

      const receipt = (await c.get('/receipts')).body.data.find((r: any) => !r.invoice_item_id);
      const lines = (await c.get(`/receipts/${receipt.id}/amounts`)).body.data;
      const body = {
        employee_id: receipt.employee_id,
        date: receipt.date.slice(0, 10),
        receipt_type_id: receipt.receipt_type_id,
        project_id: receipt.project_id,
        currency: receipt.currency,
        is_amount_net: receipt.is_amount_net,
        receiptAmounts: lines.map((l: any) => ({
          tax: Number(l.tax),
          quantity: Number(l.quantity),
          amount: Number(l.amount),
        })),
        client_id: 4711,
      };
      assert.equal((await c.post('/receipts', body)).status, 201);
      const mark = await last(c);
      const repeat = await c.post('/receipts', body);
      assert.equal(repeat.status, 200, repeat.text);
      assert.deepEqual(await feedAfter(c, mark), []);
    });
  },
  { webhooksAllowPrivate: true },
);
