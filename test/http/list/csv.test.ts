// Every list answers CSV (`?format=csv` or `Accept: text/csv`) with the same filters and sort, all
// pages, UTF-8 with a header row, values as in JSON; nested objects as parent.child columns.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { forEachDialect, type Client } from '../../support/app.js';
import { cellOf, parseCsv } from '../../support/csv.js';
import { createEmployee, userPath } from '../../support/people.js';

async function jsonAll(c: Client, path: string): Promise<any[]> {
  const items: any[] = [];
  for (let page = 1; ; page++) {
    const r = await c.get(`${path}${path.includes('?') ? '&' : '?'}page=${page}&limit=200`);
    items.push(...r.body.data);
    if (page >= r.body.meta.last_page) return items;
  }
}

forEachDialect('lists as CSV', (t) => {
  test('?format=csv streams every page with the same sort, a header row and the JSON values', async () => {
    const c = await t().tenant();
    const names = Array.from({ length: 40 }, (_, i) => `act-${String(i).padStart(2, '0')}`);
    for (const name of names)
      assert.equal((await c.post('/activities', { name, description: `Ä ${name}` })).status, 201);
    const r = await c.get('/activities?format=csv&orderBy=name&order=desc&limit=5');
    assert.equal(r.status, 200);
    assert.equal(r.headers['content-type'], 'text/csv; charset=utf-8');
    const [header, ...rows] = parseCsv(r.text);
    assert.deepEqual(header, ['name', 'description', 'is_travel', 'created', 'modified', 'created_by', 'modified_by']);
    const json = await jsonAll(c, '/activities?orderBy=name&order=desc');
    assert.ok(json.length >= 40);
    assert.deepEqual(
      rows,
      json.map((item) => header!.map((h) => cellOf(item[h]))),
      'all pages, same order, same values',
    );
    assert.ok(
      rows.some((row) => row[1] === 'Ä act-39'),
      'UTF-8',
    );
  });

  test('Accept: text/csv works too; filters apply; quotes, commas and line breaks are quoted', async () => {
    const c = await t().tenant();
    const tricky = 'a "quoted", multi\nline';
    assert.equal((await c.post('/activities', { name: 'tricky', description: tricky })).status, 201);
    assert.equal((await c.post('/activities', { name: 'plain' })).status, 201);
    const r = await c.get('/activities?orderBy=name', { headers: { accept: 'text/csv' } });
    assert.equal(r.status, 200);
    assert.match(String(r.headers['content-type']), /^text\/csv/);
    const rows = parseCsv(r.text);
    assert.deepEqual(rows.find((row) => row[0] === 'tricky')?.[1], tricky);
    const future = await c.get('/activities?format=csv&modified_after=2999-01-01');
    assert.deepEqual(
      parseCsv(future.text),
      [['name', 'description', 'is_travel', 'created', 'modified', 'created_by', 'modified_by']],
      'header only: the filter applies',
    );
    const json = await c.get('/activities', { headers: { accept: 'application/json, text/csv' } });
    assert.match(String(json.headers['content-type']), /^application\/json/);
  });

  test('an unpaginated list with a nested object: parent.child columns', async () => {
    const c = await t().tenant();
    const e = await createEmployee(c, { username: 'csv.person' });
    assert.equal(
      (
        await c.post(`${userPath(e.username)}/internal-rates`, {
          start_date: '2024-01-01',
          internal_rate: 45,
          rate_type: 1,
        })
      ).status,
      201,
    );
    const r = await c.get(`${userPath(e.username)}/internal-rates?format=csv`);
    assert.equal(r.status, 200);
    assert.match(String(r.headers['content-type']), /^text\/csv/);
    const [header, row] = parseCsv(r.text);
    assert.ok(header!.includes('rate_type.id') && header!.includes('rate_type.name'), header!.join(','));
    const json = (await c.get(`${userPath(e.username)}/internal-rates`)).body.data[0];
    assert.equal(row![header!.indexOf('rate_type.name')], json.rate_type.name);
    assert.equal(row![header!.indexOf('start_date')], '2024-01-01');
    assert.equal(row![header!.indexOf('created')], json.created);
  });

  test('a bad format is a 422 in JSON; errors stay JSON', async () => {
    const c = await t().tenant();
    const bad = await c.get('/activities?format=xml');
    assert.equal(bad.status, 422);
    assert.ok(bad.body.errors.format);
    const missing = await c.get('/employees/nobody/internal-rates?format=csv');
    assert.equal(missing.status, 404);
    assert.match(String(missing.headers['content-type']), /^application\/json/);
  });
});
