// /invoices/{invoice_number}/attachments in the one attachment store, and the contract's creator_username: null while
// no invoice document is stored, the creator once one is, the correcting employee after a correction.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { forTenant } from '../../../src/db/tenant-scope.js';
import { forEachDialect } from '../../support/app.js';
import { seedEmployee } from '../../support/seed.js';
import { createInvoice } from '../../support/commercial.js';

const pdf = Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.from('invoice body')]);
const upload = { filename: 'R-1.pdf', file_contents: pdf.toString('base64') };

forEachDialect('invoice attachments', (t) => {
  test('upload, list, read (base64 and raw), delete; creator_username appears with the document, the corrector after a correction', async () => {
    const c = await t().tenant();
    const creator = await seedEmployee(t().database.db, c.tenant.id);
    const corrector = await seedEmployee(t().database.db, c.tenant.id);
    const inv = await createInvoice(c, { invoice_number: 'R-1', creator_username: creator.username });
    assert.equal(inv.creator_username, null);
    const up = await c.post('/invoices/R-1/attachments', upload);
    assert.equal(up.status, 200, up.text);
    assert.deepEqual(up.body, { success: true });
    const list = (await c.get('/invoices/R-1/attachments')).body.data;
    assert.deepEqual(
      list.map((a: any) => [a.invoice_number, a.filename, a.content_type, a.size]),
      [['R-1', 'R-1.pdf', 'application/pdf', pdf.length]],
    );
    const one = (await c.get(`/invoices/R-1/attachments/${list[0].id}`)).body.data;
    assert.equal(one.file_contents, upload.file_contents);
    const raw = await c.get(`/invoices/R-1/attachments/${list[0].id}/content`);
    assert.equal(raw.headers['content-type'], 'application/pdf');
    assert.equal((await c.get('/invoices/R-1')).body.data.creator_username, creator.username);
    assert.equal((await c.get('/invoices')).body.data[0].creator_username, creator.username);
    const corrected = await c.post('/invoices/R-1/correction', { creator_username: corrector.username });
    assert.equal(corrected.body.data.creator_username, corrector.username);
    assert.equal((await c.delete(`/invoices/R-1/attachments/${list[0].id}`)).status, 204);
    assert.equal((await c.get('/invoices/R-1')).body.data.creator_username, null);
    assert.equal((await c.get(`/invoices/R-1/attachments/${list[0].id}`)).status, 404);
  });

  test('a renamed invoice moves its documents’ modified: modified_after lists them, whenever they were uploaded', async () => {
    const c = await t().tenant();
    await createInvoice(c, { invoice_number: 'R-7' });
    assert.equal((await c.post('/invoices/R-7/attachments', upload)).status, 200);
    // Uploaded long ago.
    await forTenant(t().database.db, c.tenant.id)
      .updateTable('attachments')
      .set({ created: '2000-01-01 00:00:00', modified: '2000-01-01 00:00:00' })
      .execute();
    const since = new Date(Math.floor(Date.now() / 1000) * 1000 - 1000).toISOString().slice(0, 19);
    assert.equal((await c.get(`/invoices/R-7/attachments?modified_after=${since}`)).body.data.length, 0);
    assert.equal((await c.patch('/invoices/R-7', { invoice_number: 'R-7b' })).status, 200);
    const listed = (await c.get(`/invoices/R-7b/attachments?modified_after=${since}`)).body.data;
    assert.deepEqual(
      listed.map((a: any) => [a.invoice_number, a.filename]),
      [['R-7b', 'R-1.pdf']],
    );
    assert.ok(Date.parse(listed[0].modified) >= Date.parse(`${since}Z`), listed[0].modified);
    assert.equal(listed[0].created.slice(0, 4), '2000', 'created stays');
  });

  test('documents of a Billed invoice stay; other invoices and tenants see 404; deleting a draft takes its documents', async () => {
    const c = await t().tenant();
    await createInvoice(c, { invoice_number: 'B-1' });
    await createInvoice(c, { invoice_number: 'B-2' });
    await c.post('/invoices/B-1/attachments', upload);
    const id = (await c.get('/invoices/B-1/attachments')).body.data[0].id;
    assert.equal((await c.get(`/invoices/B-2/attachments/${id}`)).status, 404);
    const other = await t().tenant();
    assert.equal((await other.get('/invoices/B-1/attachments')).status, 404);
    assert.equal((await other.post('/invoices/B-1/attachments', upload)).status, 404);
    assert.equal((await c.post('/invoices/B-1/attachments', { filename: 'x.pdf', file_contents: '***' })).status, 422);
    await c.patch('/invoices/B-1', { status: 0 });
    const refused = await c.delete(`/invoices/B-1/attachments/${id}`);
    assert.equal(refused.status, 422);
    assert.match(refused.body.message, /B-1 is billed/);
    await c.post('/invoices/B-2/attachments', upload);
    assert.equal((await c.delete('/invoices/B-2')).status, 204);
    const left = await t()
      .database.db.selectFrom('attachments')
      .select('id')
      .where('tenant_id', '=', c.tenant.id)
      .where('owner_type', '=', 'invoice')
      .execute();
    assert.equal(left.length, 1);
  });
});
