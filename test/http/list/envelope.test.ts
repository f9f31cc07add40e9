// The list envelope (docs/api/conventions.md): data/links/meta exactly typed, links are absolute and keep every query
// parameter (page replaced), past-the-end and empty pages, meta.links shaped like Laravel's paginator.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { forEachDialect } from '../../support/app.js';
import { linkTarget, seedActivities, walkPages } from '../../support/lists.js';

const range = (n: number) => Array.from({ length: n }, (_, i) => `a${String(i + 1).padStart(3, '0')}`);
const labels = (meta: { links: { label: string }[] }) => meta.links.map((l) => l.label);
const isIntOrNull = (v: unknown) => v === null || Number.isInteger(v);

forEachDialect('list envelope', (t) => {
  const base = (instance: string) => `http://localhost:80/${instance}/next/api/v1`;

  test('envelope keys and types are exactly the contract table', async () => {
    const c = await t().tenant();
    await seedActivities(t().database.db, c.tenant.id, range(4));
    const r = await c.get('/activities?limit=3&page=2');
    assert.deepEqual(Object.keys(r.body), ['data', 'links', 'meta']);
    assert.deepEqual(Object.keys(r.body.links), ['first', 'last', 'prev', 'next']);
    assert.deepEqual(Object.keys(r.body.meta), [
      'current_page',
      'from',
      'last_page',
      'links',
      'path',
      'per_page',
      'to',
      'total',
    ]);
    const m = r.body.meta;
    assert.deepEqual([m.current_page, m.from, m.last_page, m.per_page, m.to, m.total], [2, 4, 2, 3, 4, 4]);
    for (const k of ['current_page', 'last_page', 'per_page', 'total']) assert.ok(Number.isInteger(m[k]), k);
    assert.ok(isIntOrNull(m.from) && isIntOrNull(m.to));
    assert.equal(m.path, `${base(c.tenant.instance)}/activities`);
    for (const l of m.links) {
      assert.deepEqual(Object.keys(l), ['url', 'label', 'active']);
      assert.ok(l.url === null || typeof l.url === 'string');
      assert.equal(typeof l.label, 'string');
      assert.equal(typeof l.active, 'boolean');
    }
  });

  test('links are absolute URLs that keep every query parameter the client sent, with page replaced', async () => {
    const c = await t().tenant();
    await seedActivities(t().database.db, c.tenant.id, range(10));
    const sent = 'orderBy=name&order=desc&limit=3&modified_after=2000-01-01+00%3A00%3A00&unknown=kept';
    const r = await c.get(`/activities?${sent}&page=2`);
    const { first, last, prev, next } = r.body.links;
    const expectPage = (link: string, page: number) => {
      const u = new URL(link);
      assert.equal(link.split('?')[0], `${base(c.tenant.instance)}/activities`);
      const params = new URLSearchParams(u.search);
      assert.equal(params.get('page'), String(page));
      params.delete('page');
      assert.deepEqual([...params], [...new URLSearchParams(sent)]);
    };
    expectPage(first, 1);
    expectPage(prev, 1);
    expectPage(next, 3);
    expectPage(last, 4);
    for (const l of r.body.meta.links.filter((x: any) => x.url !== null))
      expectPage(l.url, Number(l.label) || (l.label.includes('Previous') ? 1 : 3));
  });

  test('links are written exactly as the URL API writes them: re-encoded parameters, page kept in its place or appended', async () => {
    const c = await t().tenant();
    await seedActivities(t().database.db, c.tenant.id, range(10));
    const queries = [
      'limit=2&page=3',
      'page=3&limit=2',
      'limit=2&orderBy=name&x=a%20b+c&page=2&y=%C3%A4%26%3D&z&tag[]=q',
      'limit=2&orderBy=name&order=desc',
      'limit=2&x=%2Fslash%3F&page=2',
    ];
    for (const q of queries) {
      const r = await c.get(`/activities?${q}`);
      assert.equal(r.status, 200, q);
      const expected = (page: number) => {
        const u = new URL(`/${c.tenant.instance}/next/api/v1/activities?${q}`, 'http://x');
        u.searchParams.set('page', String(page));
        return `http://localhost:80${u.pathname}${u.search}`;
      };
      const current = r.body.meta.current_page;
      assert.equal(r.body.links.first, expected(1), q);
      assert.equal(r.body.links.last, expected(r.body.meta.last_page), q);
      assert.equal(r.body.links.prev, current > 1 ? expected(current - 1) : null, q);
      assert.equal(r.body.links.next, current < r.body.meta.last_page ? expected(current + 1) : null, q);
      for (const l of r.body.meta.links.filter((x: any) => /^\d+$/.test(x.label)))
        assert.equal(l.url, expected(Number(l.label)), q);
    }
  });

  test('the sort survives paging: following links.next walks the whole list in the requested order', async () => {
    const c = await t().tenant();
    await seedActivities(t().database.db, c.tenant.id, range(8));
    const pages = await walkPages(t, c, '/activities?orderBy=name&order=desc&limit=3');
    assert.deepEqual(
      pages.flatMap((p) => p.body.data.map((a: any) => a.name)),
      range(8).reverse(),
    );
    const back = await t().inject({
      method: 'GET',
      url: linkTarget(pages[2].body.links.prev),
      headers: { authorization: `Bearer ${c.token}` },
    });
    assert.deepEqual(back.body.data, pages[1].body.data);
  });

  test('a page past the last: empty data, from/to null, total and last_page consistent', async () => {
    const c = await t().tenant();
    await seedActivities(t().database.db, c.tenant.id, range(5));
    const r = await c.get('/activities?limit=2&page=9');
    assert.equal(r.status, 200);
    assert.deepEqual(r.body.data, []);
    assert.deepEqual(
      { ...r.body.meta, links: undefined, path: undefined },
      { current_page: 9, from: null, last_page: 3, links: undefined, path: undefined, per_page: 2, to: null, total: 5 },
    );
    assert.equal(r.body.links.next, null);
    assert.match(r.body.links.last, /[?&]page=3$/);
    assert.match(r.body.links.prev, /[?&]page=8$/);
  });

  test('an empty list: total 0, last_page 1, first and last "…?page=1", prev and next null', async () => {
    const c = await t().tenant();
    const r = await c.get('/activities');
    const b = base(c.tenant.instance);
    assert.deepEqual(r.body, {
      data: [],
      links: { first: `${b}/activities?page=1`, last: `${b}/activities?page=1`, prev: null, next: null },
      meta: {
        current_page: 1,
        from: null,
        last_page: 1,
        links: [
          { url: null, label: '&laquo; Previous', active: false },
          { url: `${b}/activities?page=1`, label: '1', active: true },
          { url: null, label: 'Next &raquo;', active: false },
        ],
        path: `${b}/activities`,
        per_page: 15,
        to: null,
        total: 0,
      },
    });
  });

  test('meta.links: « Previous, every page (fewer than 14), Next »; only the current page is active', async () => {
    const c = await t().tenant();
    await seedActivities(t().database.db, c.tenant.id, range(5));
    const r = await c.get('/activities?limit=1&page=2');
    const links = r.body.meta.links;
    assert.deepEqual(labels(r.body.meta), ['&laquo; Previous', '1', '2', '3', '4', '5', 'Next &raquo;']);
    assert.deepEqual(
      links.map((l: any) => l.active),
      [false, false, true, false, false, false, false],
    );
    assert.equal(links[0].url, r.body.links.prev);
    assert.equal(links.at(-1).url, r.body.links.next);
    assert.match(links[3].url, /[?&]page=3$/);
    const lastPage = await c.get('/activities?limit=1&page=5');
    assert.equal(lastPage.body.meta.links.at(-1).url, null);
    assert.notEqual(lastPage.body.meta.links[0].url, null);
  });

  test('meta.links with 14 or more pages: a window with "..." gaps (url null, inactive)', async () => {
    const c = await t().tenant();
    await seedActivities(t().database.db, c.tenant.id, range(20));
    const pageLabels = async (page: number) =>
      labels((await c.get(`/activities?limit=1&page=${page}`)).body.meta).slice(1, -1);
    assert.deepEqual(await pageLabels(1), ['1', '2', '3', '4', '5', '6', '7', '8', '9', '10', '...', '19', '20']);
    assert.deepEqual(await pageLabels(10), ['1', '2', '...', '7', '8', '9', '10', '11', '12', '13', '...', '19', '20']);
    assert.deepEqual(await pageLabels(20), [
      '1',
      '2',
      '...',
      '11',
      '12',
      '13',
      '14',
      '15',
      '16',
      '17',
      '18',
      '19',
      '20',
    ]);
    const gap = (await c.get('/activities?limit=1&page=1')).body.meta.links.find((l: any) => l.label === '...');
    assert.deepEqual(gap, { url: null, label: '...', active: false });
  });
});
