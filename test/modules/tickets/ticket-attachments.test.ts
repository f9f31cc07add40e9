// POST /tickets/{id}/attachments: JSON base64 and multipart uploads, {"success": true}, size limit (413),
// content type allow-list and signature check (422).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { multipartBody } from '../../support/uploads.js';
import { forEachDialect, type Client } from '../../support/app.js';
import { seedEmployee } from '../../support/seed.js';
import { createTicket } from '../../support/projects.js';

const LIMIT = 2048;
const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3]);

forEachDialect(
  'ticket attachments',
  (t) => {
    async function setup(): Promise<{ c: Client; ticket: any }> {
      const c = await t().tenant();
      const e = await seedEmployee(t().database.db, c.tenant.id);
      return { c, ticket: await createTicket(c, {}, e.username) };
    }

    test('a JSON upload {filename, file_contents} answers {"success": true} and is listed with its type and size', async () => {
      const { c, ticket } = await setup();
      const r = await c.post(`/tickets/${ticket.id}/attachments`, {
        filename: 'notes.txt',
        file_contents: Buffer.from('hello').toString('base64'),
      });
      assert.equal(r.status, 200, r.text);
      assert.deepEqual(r.body, { success: true });
      const list = (await c.get(`/tickets/${ticket.id}/attachments`)).body.data;
      assert.deepEqual(
        list.map((a: any) => [a.filename, a.content_type, a.size]),
        [['notes.txt', 'text/plain', 5]],
      );
      const one = (await c.get(`/tickets/${ticket.id}/attachments/${list[0].id}`)).body.data;
      assert.equal(Buffer.from(one.file_contents, 'base64').toString(), 'hello');
    });

    test('the raw download serves the bytes with Content-Type, Content-Length and Content-Disposition', async () => {
      const { c, ticket } = await setup();
      await c.post(`/tickets/${ticket.id}/attachments`, {
        filename: 'Übersicht "1".png',
        file_contents: PNG.toString('base64'),
      });
      const [meta] = (await c.get(`/tickets/${ticket.id}/attachments`)).body.data;
      const r = await c.request('GET', `/tickets/${ticket.id}/attachments/${meta.id}/content`);
      assert.equal(r.status, 200, r.text);
      assert.equal(r.headers['content-type'], 'image/png');
      assert.equal(r.headers['content-length'], String(PNG.length));
      assert.equal(
        r.headers['content-disposition'],
        `attachment; filename="_bersicht _1_.png"; filename*=UTF-8''%C3%9Cbersicht%20%221%22.png`,
      );
      assert.deepEqual(r.raw, PNG);
      assert.equal((await c.get(`/tickets/${ticket.id}/attachments/${meta.id + 1000}/content`)).status, 404);
      const other = await t().tenant();
      assert.equal((await other.get(`/tickets/${ticket.id}/attachments/${meta.id}/content`)).status, 404);
    });

    test('deleting the ticket deletes its files', async () => {
      const { c, ticket } = await setup();
      await c.post(`/tickets/${ticket.id}/attachments`, {
        filename: 'a.txt',
        file_contents: Buffer.from('x').toString('base64'),
      });
      assert.equal((await c.delete(`/tickets/${ticket.id}`)).status, 204);
      const rows = await t()
        .database.db.selectFrom('attachments')
        .select('id')
        .where('tenant_id', '=', c.tenant.id)
        .execute();
      assert.deepEqual(rows, []);
    });

    test('a multipart upload is accepted with its declared type', async () => {
      const { c, ticket } = await setup();
      const { payload, headers } = multipartBody('shot.png', 'image/png', PNG);
      const r = await c.request('POST', `/tickets/${ticket.id}/attachments`, undefined, { payload, headers });
      assert.equal(r.status, 200, r.text);
      assert.deepEqual(r.body, { success: true });
      assert.equal((await c.get(`/tickets/${ticket.id}/attachments`)).body.data[0].content_type, 'image/png');
    });

    test('files over the upload limit are 413, in JSON and multipart', async () => {
      const { c, ticket } = await setup();
      const big = Buffer.alloc(LIMIT + 1, 0x61);
      const json = await c.post(`/tickets/${ticket.id}/attachments`, {
        filename: 'big.txt',
        file_contents: big.toString('base64'),
      });
      assert.equal(json.status, 413, json.text);
      const { payload, headers } = multipartBody('big.txt', 'text/plain', big);
      const multi = await c.request('POST', `/tickets/${ticket.id}/attachments`, undefined, { payload, headers });
      assert.equal(multi.status, 413, multi.text);
      assert.deepEqual((await c.get(`/tickets/${ticket.id}/attachments`)).body.data, []);
    });

    test('disallowed types, contents that contradict the type, bad base64 and missing fields are 422', async () => {
      const { c, ticket } = await setup();
      const exe = await c.post(`/tickets/${ticket.id}/attachments`, {
        filename: 'run.exe',
        file_contents: Buffer.from('MZ').toString('base64'),
      });
      assert.deepEqual(Object.keys(exe.body.errors), ['content_type']);
      const fake = await c.post(`/tickets/${ticket.id}/attachments`, {
        filename: 'doc.pdf',
        file_contents: Buffer.from('not a pdf').toString('base64'),
      });
      assert.deepEqual(Object.keys(fake.body.errors), ['content_type']);
      const { payload, headers } = multipartBody('shot.png', 'application/x-msdownload', PNG);
      assert.equal(
        (await c.request('POST', `/tickets/${ticket.id}/attachments`, undefined, { payload, headers })).status,
        422,
      );
      assert.deepEqual(
        Object.keys(
          (await c.post(`/tickets/${ticket.id}/attachments`, { filename: 'a.txt', file_contents: '***' })).body.errors,
        ),
        ['file_contents'],
      );
      const missing = await c.post(`/tickets/${ticket.id}/attachments`, { filename: 'a.txt' });
      assert.equal(missing.status, 422);
      assert.ok(missing.body.errors.file_contents);
    });

    test("an unknown ticket or another tenant's ticket is 404", async () => {
      const { c, ticket } = await setup();
      const body = { filename: 'a.txt', file_contents: Buffer.from('x').toString('base64') };
      assert.equal((await c.post('/tickets/999999/attachments', body)).status, 404);
      const b = await t().tenant();
      assert.equal((await b.post(`/tickets/${ticket.id}/attachments`, body)).status, 404);
    });
  },
  { uploadLimit: LIMIT },
);
