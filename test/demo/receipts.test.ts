// The demo tenant's receipts: the usual receipt types, receipts with lines and one attachment, two articles.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { demoData } from '../../src/demo/index.js';
import { forEachDialect } from '../support/app.js';

forEachDialect('demo receipts', (t) => {
  test('the demo has receipt types, three receipts with lines, one with an attached PDF, and articles', async () => {
    const c = await t().tenant({ language: 'en' });
    await demoData(t().database.db, c.tenant, t().dialect);
    assert.deepEqual(
      (await c.get('/receipt-types')).body.data.map((r: any) => r.name),
      ['Bewirtung', 'Fahrkarte', 'Kilometergeld', 'Übernachtung'],
    );
    const receipts = (await c.get('/receipts')).body.data;
    assert.equal(receipts.length, 3);
    const lines = await Promise.all(
      receipts.map(async (r: any) => (await c.get(`/receipts/${r.id}/amounts`)).body.meta.total),
    );
    assert.deepEqual(lines, [1, 2, 1]);
    const withFile = receipts.filter((r: any) => r.filename !== null);
    assert.deepEqual(
      withFile.map((r: any) => r.filename),
      ['hotel-rechnung.pdf'],
    );
    const pdf = await c.get(`/receipts/${withFile[0].id}/attachments/content`);
    assert.equal(pdf.headers['content-type'], 'application/pdf');
    assert.equal(pdf.raw.subarray(0, 4).toString(), '%PDF');
    assert.deepEqual(
      (await c.get('/articles')).body.data.map((a: any) => a.article_number),
      ['BER-H', 'SCH-T'],
    );
  });
});
