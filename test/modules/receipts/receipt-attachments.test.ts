// The file of a receipt: PUT {filename, file_contents} -> {"success": true} (a second PUT replaces
// it), GET with base64, the raw download, DELETE -> 204 and filename null; multipart, 413 and type checks as for
// tickets; billed receipts refuse file changes.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { multipartBody } from '../../support/uploads.js';
import { forEachDialect } from '../../support/app.js';
import { createReceipt, receiptWorld } from '../../support/receipts.js';

const LIMIT = 2048;
const PDF = Buffer.from('%PDF-1.4 receipt');
const file = (filename: string, content: Buffer) => ({ filename, file_contents: content.toString('base64') });

forEachDialect(
  'receipt attachments',
  (t) => {
    test('PUT attaches the file ({"success": true}), the header shows its filename, GET returns it in base64', async () => {
      const w = await receiptWorld(t());
      const receipt = await createReceipt(w);
      const r = await w.c.put(`/receipts/${receipt.id}/attachments`, file('hotel.pdf', PDF));
      assert.equal(r.status, 200, r.text);
      assert.deepEqual(r.body, { success: true });
      assert.equal((await w.c.get(`/receipts/${receipt.id}`)).body.data.filename, 'hotel.pdf');
      assert.equal((await w.c.get('/receipts')).body.data[0].filename, 'hotel.pdf');
      const got = await w.c.get(`/receipts/${receipt.id}/attachments`);
      assert.equal(got.status, 200, got.text);
      const { created, modified, ...data } = got.body.data;
      assert.deepEqual(data, {
        filename: 'hotel.pdf',
        content_type: 'application/pdf',
        size: PDF.length,
        created_by: null,
        modified_by: null,
        file_contents: PDF.toString('base64'),
      });
      assert.equal(modified, created);
    });

    test('a second PUT replaces the file; concurrent PUTs leave one file', async () => {
      const w = await receiptWorld(t());
      const receipt = await createReceipt(w);
      await w.c.put(`/receipts/${receipt.id}/attachments`, file('a.txt', Buffer.from('first')));
      await w.c.put(`/receipts/${receipt.id}/attachments`, file('b.txt', Buffer.from('second')));
      const got = (await w.c.get(`/receipts/${receipt.id}/attachments`)).body.data;
      assert.deepEqual([got.filename, Buffer.from(got.file_contents, 'base64').toString()], ['b.txt', 'second']);
      const rs = await Promise.all(
        Array.from({ length: 5 }, (_, i) =>
          w.c.put(`/receipts/${receipt.id}/attachments`, file(`c${i}.txt`, Buffer.from(`c${i}`))),
        ),
      );
      assert.deepEqual(
        rs.map((r) => r.status),
        [200, 200, 200, 200, 200],
      );
      const rows = await t()
        .database.db.selectFrom('attachments')
        .select('filename')
        .where('tenant_id', '=', w.c.tenant.id)
        .execute();
      assert.equal(rows.length, 1);
    });

    test('the raw download has Content-Type, Content-Length and Content-Disposition', async () => {
      const w = await receiptWorld(t());
      const receipt = await createReceipt(w);
      assert.equal((await w.c.get(`/receipts/${receipt.id}/attachments/content`)).status, 404);
      await w.c.put(`/receipts/${receipt.id}/attachments`, file('Beleg März.pdf', PDF));
      const r = await w.c.get(`/receipts/${receipt.id}/attachments/content`);
      assert.equal(r.status, 200);
      assert.equal(r.headers['content-type'], 'application/pdf');
      assert.equal(r.headers['content-length'], String(PDF.length));
      assert.equal(
        r.headers['content-disposition'],
        `attachment; filename="Beleg M_rz.pdf"; filename*=UTF-8''Beleg%20M%C3%A4rz.pdf`,
      );
      assert.deepEqual(r.raw, PDF);
    });

    test('DELETE answers 204 and the filename is null again; without a file GET and DELETE are 404', async () => {
      const w = await receiptWorld(t());
      const receipt = await createReceipt(w);
      assert.equal((await w.c.get(`/receipts/${receipt.id}/attachments`)).status, 404);
      assert.equal((await w.c.delete(`/receipts/${receipt.id}/attachments`)).status, 404);
      await w.c.put(`/receipts/${receipt.id}/attachments`, file('a.txt', Buffer.from('x')));
      assert.equal((await w.c.delete(`/receipts/${receipt.id}/attachments`)).status, 204);
      assert.equal((await w.c.get(`/receipts/${receipt.id}`)).body.data.filename, null);
      assert.equal((await w.c.get(`/receipts/${receipt.id}/attachments`)).status, 404);
    });

    test('multipart uploads work; too large is 413, wrong types 422, unknown receipts 404, another tenant 404', async () => {
      const w = await receiptWorld(t());
      const receipt = await createReceipt(w);
      const { payload, headers } = multipartBody('scan.pdf', 'application/pdf', PDF);
      const multi = await w.c.request('PUT', `/receipts/${receipt.id}/attachments`, undefined, { payload, headers });
      assert.equal(multi.status, 200, multi.text);
      assert.equal((await w.c.get(`/receipts/${receipt.id}`)).body.data.filename, 'scan.pdf');
      assert.equal(
        (await w.c.put(`/receipts/${receipt.id}/attachments`, file('big.txt', Buffer.alloc(LIMIT + 1, 0x61)))).status,
        413,
      );
      assert.deepEqual(
        Object.keys(
          (await w.c.put(`/receipts/${receipt.id}/attachments`, file('x.exe', Buffer.from('MZ')))).body.errors,
        ),
        ['content_type'],
      );
      assert.deepEqual(
        Object.keys(
          (await w.c.put(`/receipts/${receipt.id}/attachments`, file('x.pdf', Buffer.from('no pdf')))).body.errors,
        ),
        ['content_type'],
      );
      assert.equal((await w.c.get(`/receipts/${receipt.id}`)).body.data.filename, 'scan.pdf');
      assert.equal((await w.c.put('/receipts/999999/attachments', file('a.txt', Buffer.from('x')))).status, 404);
      const other = await t().tenant();
      assert.equal(
        (await other.put(`/receipts/${receipt.id}/attachments`, file('a.txt', Buffer.from('x')))).status,
        404,
      );
      assert.equal((await other.get(`/receipts/${receipt.id}/attachments`)).status, 404);
      assert.equal((await other.get(`/receipts/${receipt.id}/attachments/content`)).status, 404);
      assert.equal((await other.delete(`/receipts/${receipt.id}/attachments`)).status, 404);
    });

    test('a billed receipt keeps its file: PUT and DELETE are 422 on billing_status', async () => {
      const w = await receiptWorld(t());
      const receipt = await createReceipt(w);
      await w.c.put(`/receipts/${receipt.id}/attachments`, file('a.txt', Buffer.from('x')));
      await w.c.patch(`/receipts/${receipt.id}`, { billing_status: 3 });
      assert.deepEqual(
        Object.keys(
          (await w.c.put(`/receipts/${receipt.id}/attachments`, file('b.txt', Buffer.from('y')))).body.errors,
        ),
        ['billing_status'],
      );
      assert.deepEqual(Object.keys((await w.c.delete(`/receipts/${receipt.id}/attachments`)).body.errors), [
        'billing_status',
      ]);
      assert.equal((await w.c.get(`/receipts/${receipt.id}`)).body.data.filename, 'a.txt');
    });
  },
  { uploadLimit: LIMIT },
);
