// Download names (src/http/downloads.ts): every raw download of the OpenAPI document offers its file under a name
// without bidirectional overrides, other invisible format characters, controls or path separators, in both the
// ASCII fallback and the UTF-8 filename* of Content-Disposition. The stored filename stays as uploaded (JSON).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { forEachDialect, type Client } from '../support/app.js';
import { seedEmployee } from '../support/seed.js';
import { createTicket } from '../support/projects.js';
import { createInvoice } from '../support/commercial.js';
import { createReceipt, receiptWorld } from '../support/receipts.js';

const HOSTILE = 'Rechnung\u202Efdp.exe\u2066\u200B\u0007\u00AD\u2028\r\n/..\\x.pdf';
const EXPECTED = 'Rechnungfdp.exe_.._x.pdf';
const BAD = /[\p{Cc}\p{Zl}\p{Zp}/\\]|(?![\u200c\u200d])\p{Cf}/u;
const file = { filename: HOSTILE, file_contents: Buffer.from('%PDF-1.4 x').toString('base64') };

/** The two names of a Content-Disposition header: the quoted ASCII one and the decoded filename*. */
function names(header: string): { ascii: string; utf8: string } {
  const ascii = /filename="([^"]*)"/.exec(header)?.[1];
  const utf8 = /filename\*=UTF-8''(\S+)/.exec(header)?.[1];
  assert.ok(ascii !== undefined && utf8 !== undefined, header);
  return { ascii, utf8: decodeURIComponent(utf8) };
}

forEachDialect('download names', (t) => {
  test('a right-to-left override and other invisible or control characters never reach a download name, on every download route', async () => {
    /** One uploader per download route template: it uploads the hostile file and returns the download path. */
    const uploaders: Record<string, () => Promise<{ c: Client; path: string; json: string }>> = {
      '/tickets/{id}/attachments/{attachment_id}/content': async () => {
        const c = await t().tenant();
        const e = await seedEmployee(t().database.db, c.tenant.id);
        const ticket = await createTicket(c, {}, e.username);
        assert.equal((await c.post(`/tickets/${ticket.id}/attachments`, file)).status, 200);
        const [meta] = (await c.get(`/tickets/${ticket.id}/attachments`)).body.data;
        return { c, path: `/tickets/${ticket.id}/attachments/${meta.id}/content`, json: meta.filename };
      },
      '/folders/{id}/documents/{document}/content': async () => {
        const c = await t().tenant();
        const folder = (await c.post('/folders', { name: 'Docs' })).body.data;
        assert.equal((await c.post(`/folders/${folder.id}/documents`, file)).status, 200);
        const [meta] = (await c.get(`/folders/${folder.id}/documents`)).body.data;
        return { c, path: `/folders/${folder.id}/documents/${meta.id}/content`, json: meta.filename };
      },
      '/invoices/{invoice_number}/attachments/{attachment_id}/content': async () => {
        const c = await t().tenant();
        await createInvoice(c, { invoice_number: 'R-1' });
        assert.equal((await c.post('/invoices/R-1/attachments', file)).status, 200);
        const [meta] = (await c.get('/invoices/R-1/attachments')).body.data;
        return { c, path: `/invoices/R-1/attachments/${meta.id}/content`, json: meta.filename };
      },
      '/receipts/{id}/attachments/content': async () => {
        const w = await receiptWorld(t());
        const receipt = await createReceipt(w);
        assert.equal((await w.c.put(`/receipts/${receipt.id}/attachments`, file)).status, 200);
        return {
          c: w.c,
          path: `/receipts/${receipt.id}/attachments/content`,
          json: (await w.c.get(`/receipts/${receipt.id}`)).body.data.filename,
        };
      },
    };
    const c = await t().tenant();
    const doc = (await c.get('/openapi.json')).body;
    const downloads = Object.keys(doc.paths).filter((p) => doc.paths[p].get?.responses?.['200']?.content?.['*/*']);
    assert.deepEqual(
      downloads.filter((p) => !uploaders[p]),
      [],
      'every download route has an uploader here',
    );
    for (const route of downloads) {
      const { c: owner, path, json } = await uploaders[route]();
      assert.equal(json, HOSTILE, `${route}: the stored name is shown as uploaded`);
      const r = await owner.get(path);
      assert.equal(r.status, 200, `${route}: ${r.text}`);
      const { ascii, utf8 } = names(String(r.headers['content-disposition']));
      assert.equal(utf8, EXPECTED, route);
      assert.equal(ascii, EXPECTED, route);
      assert.doesNotMatch(utf8, BAD, route);
    }
  });
});
