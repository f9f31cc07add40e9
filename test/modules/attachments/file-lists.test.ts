// The file lists of every owner with many files (folder documents, invoice attachments, ticket attachments) follow
// the list conventions like every other list: the paginated envelope, paging, sorting, 422 on bad list values
// (docs/api/conventions.md "Lists"; docs/api/attachments.md).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { forEachDialect, type Client } from '../../support/app.js';
import { bookingWorld } from '../../support/booking-world.js';
import { createInvoice } from '../../support/commercial.js';

const file = (name: string, text: string) => ({ filename: name, file_contents: Buffer.from(text).toString('base64') });

/** Each owner kind: a fresh owner's file list path. */
const OWNERS: [string, (c: Client, w: Awaited<ReturnType<typeof bookingWorld>>) => Promise<string>][] = [
  ['folder documents', async (c) => `/folders/${(await c.post('/folders', { name: 'Docs' })).body.data.id}/documents`],
  [
    'invoice attachments',
    async (c) => `/invoices/${encodeURIComponent((await createInvoice(c)).invoice_number)}/attachments`,
  ],
  [
    'ticket attachments',
    async (c, w) =>
      `/tickets/${(await c.post('/tickets', { subject: 'T', status: 1, priority: 3, project_id: w.projectId, project_task_id: w.taskId, creator_username: w.employee })).body.data.id}/attachments`,
  ],
];

forEachDialect('file lists', (t) => {
  for (const [kind, make] of OWNERS) {
    test(`${kind}: the list envelope, paging and sorting; bad list values are 422`, async () => {
      const w = await bookingWorld(t());
      const path = await make(w.c, w);
      for (const [name, text] of [
        ['b.txt', 'bbbb'],
        ['a.txt', 'a'],
        ['c.txt', 'cc'],
      ])
        assert.equal((await w.c.post(path, file(name, text))).status, 200);
      const all = await w.c.get(path);
      assert.equal(all.status, 200, all.text);
      assert.deepEqual(Object.keys(all.body), ['data', 'links', 'meta']);
      assert.deepEqual(
        [all.body.meta.total, all.body.meta.per_page, all.body.data.map((d: any) => d.filename)],
        [3, 15, ['b.txt', 'a.txt', 'c.txt']],
      );
      const second = await w.c.get(`${path}?limit=1&page=2`);
      assert.deepEqual(
        [second.body.data.map((d: any) => d.filename), second.body.meta.last_page, second.body.links.next !== null],
        [['a.txt'], 3, true],
      );
      assert.deepEqual(
        (await w.c.get(`${path}?orderBy=filename`)).body.data.map((d: any) => d.filename),
        ['a.txt', 'b.txt', 'c.txt'],
      );
      assert.deepEqual(
        (await w.c.get(`${path}?orderBy=size&order=desc`)).body.data.map((d: any) => d.filename),
        ['b.txt', 'c.txt', 'a.txt'],
      );
      for (const bad of ['limit=0', 'limit=201', 'page=abc', 'page=0', 'modified_after=', 'modified_after=garbage']) {
        const r = await w.c.get(`${path}?${bad}`);
        assert.equal(r.status, 422, `${bad}: ${r.text}`);
        assert.deepEqual(Object.keys(r.body.errors), [bad.split('=')[0]], bad);
      }
      assert.equal(
        (await w.c.get(`${path}?modified_after=2000-01-01`)).body.meta.total,
        3,
        'a file never changes: modified_after filters on created',
      );
      assert.equal((await w.c.get(`${path}?modified_after=2999-01-01`)).body.meta.total, 0);
    });
  }
});
