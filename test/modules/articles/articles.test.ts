// GET /articles (inactive included unless inactive=false; filters inactive, article_number), GET /articles/{id}
// with the fields of docs/api/masterdata.md, POST/PATCH/PUT/DELETE, unique article numbers (also under concurrency).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { sql, type Kysely } from 'kysely';
import { forEachDialect } from '../../support/app.js';

const ARTICLE = {
  article_number: 'A-1',
  name: 'Beratung',
  unit: 'Hour',
  unit_price: 120,
  currency: 'EUR',
  description: 'Beratung je Stunde',
  description_en: 'Consulting per hour',
};

forEachDialect('articles', (t) => {
  test('create answers 201 with the fields of docs/api/masterdata.md (created/modified, not created_at)', async () => {
    const c = await t().tenant();
    const r = await c.post('/articles', ARTICLE);
    assert.equal(r.status, 201, r.text);
    const { id, created, modified, ...rest } = r.body.data;
    assert.ok(Number.isInteger(id));
    assert.match(created, /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.000000Z$/);
    assert.equal(modified, created);
    assert.deepEqual(rest, {
      ...ARTICLE,
      inactive: false,
      description_fr: null,
      description_es: null,
      description_pl: null,
      created_by: null,
      modified_by: null,
    });
    assert.equal('created_at' in r.body.data, false);
    const one = await c.get(`/articles/${id}`);
    assert.deepEqual(one.body.data, r.body.data);
  });

  test('the list includes inactive articles unless inactive=false; inactive=true returns only those; article_number filters', async () => {
    const c = await t().tenant();
    await c.post('/articles', { article_number: 'A', name: 'active' });
    await c.post('/articles', { article_number: 'B', name: 'old', inactive: true });
    const names = async (q: string) => (await c.get(`/articles${q}`)).body.data.map((a: any) => a.name);
    assert.deepEqual(await names(''), ['active', 'old']);
    assert.deepEqual(await names('?inactive=false'), ['active']);
    assert.deepEqual(await names('?inactive=0'), ['active']);
    assert.deepEqual(await names('?inactive=true'), ['old']);
    assert.deepEqual(await names('?article_number=B'), ['old']);
    assert.deepEqual(await names('?orderBy=name&order=desc'), ['old', 'active']);
    assert.equal((await c.get('/articles?inactive=maybe')).status, 422);
  });

  test('PATCH and PUT change only submitted fields; a taken article number is 422 on article_number', async () => {
    const c = await t().tenant();
    const a = (await c.post('/articles', ARTICLE)).body.data;
    await c.post('/articles', { article_number: 'A-2', name: 'other' });
    const p = await c.patch(`/articles/${a.id}`, { unit_price: 99.5, inactive: true });
    assert.equal(p.status, 200, p.text);
    assert.equal(p.body.data.unit_price, 99.5);
    assert.equal(p.body.data.inactive, true);
    assert.equal(p.body.data.name, 'Beratung');
    const put = await c.put(`/articles/${a.id}`, { description: null });
    assert.equal(put.body.data.description, null);
    assert.equal(put.body.data.unit_price, 99.5);
    const dup = await c.patch(`/articles/${a.id}`, { article_number: 'A-2' });
    assert.equal(dup.status, 422);
    assert.deepEqual(Object.keys(dup.body.errors), ['article_number']);
    const dupCreate = await c.post('/articles', { article_number: 'A-2', name: 'x' });
    assert.deepEqual(Object.keys(dupCreate.body.errors), ['article_number']);
  });

  test('bad input is 422 on its field and nothing is written', async () => {
    const c = await t().tenant();
    for (const [body, field] of [
      [{ name: 'x' }, 'article_number'],
      [{ article_number: 'x' }, 'name'],
      [{ article_number: 'x', name: 'x', currency: 'EURO' }, 'currency'],
      [{ article_number: 'x', name: 'x', unit_price: 'a lot' }, 'unit_price'],
      [{ article_number: '', name: 'x' }, 'article_number'],
    ] as const) {
      const r = await c.post('/articles', body);
      assert.equal(r.status, 422, r.text);
      assert.ok(r.body.errors[field], `${field}: ${r.text}`);
    }
    assert.equal((await c.get('/articles')).body.meta.total, 0);
  });

  test('concurrent creates with one article number: one 201, the others 422, one row', async () => {
    const c = await t().tenant();
    const rs = await Promise.all(
      Array.from({ length: 6 }, () => c.post('/articles', { article_number: 'SAME', name: 'x' })),
    );
    assert.deepEqual(rs.map((r) => r.status).sort(), [201, 422, 422, 422, 422, 422]);
    for (const r of rs.filter((x) => x.status === 422))
      assert.deepEqual(Object.keys(r.body.errors), ['article_number'], r.text);
    assert.equal((await c.get('/articles?article_number=SAME')).body.meta.total, 1);
  });

  test('an article used by an offer item cannot be deleted (422 on id naming them)', async () => {
    const c = await t().tenant();
    const article = (await c.post('/articles', ARTICLE)).body.data;
    // The item alone matters here, not its offer: insert it without that reference (and with its id: PostgreSQL's
    // replica role skips the trigger that numbers records as well).
    const db = t().database.db as Kysely<any>;
    const item = { tenant_id: c.tenant.id, id: 1, offer_id: 1, type: 'artikel', article_id: article.id };
    if (t().dialect === 'sqlite') {
      await db.connection().execute(async (conn) => {
        await sql`PRAGMA foreign_keys = OFF`.execute(conn);
        await conn.insertInto('offer_items').values(item).execute();
        await sql`PRAGMA foreign_keys = ON`.execute(conn);
      });
    } else {
      await db.transaction().execute(async (trx) => {
        await sql`SET LOCAL session_replication_role = replica`.execute(trx);
        await trx.insertInto('offer_items').values(item).execute();
      });
    }
    const r = await c.delete(`/articles/${article.id}`);
    assert.equal(r.status, 422, r.text);
    assert.deepEqual(Object.keys(r.body.errors), ['id']);
    assert.match(r.body.errors.id[0], /still used by offer items/);
    assert.equal((await c.get(`/articles/${article.id}`)).status, 200);
  });

  test('DELETE answers 204, then 404; another tenant sees nothing', async () => {
    const a = await t().tenant();
    const b = await t().tenant();
    const article = (await a.post('/articles', ARTICLE)).body.data;
    assert.equal((await b.get(`/articles/${article.id}`)).status, 404);
    assert.equal((await b.delete(`/articles/${article.id}`)).status, 404);
    assert.equal((await b.get('/articles')).body.meta.total, 0);
    assert.equal((await a.delete(`/articles/${article.id}`)).status, 204);
    assert.equal((await a.get(`/articles/${article.id}`)).status, 404);
  });
});
