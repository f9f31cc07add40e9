// POST /attendances/bulk: per-item results in request order by the same rules, atomic all-or-none,
// changes in the feed per booking, idempotent retries, envelope limits.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { forEachDialect } from '../../support/app.js';
import { bookingWorld } from '../../support/booking-world.js';

const day = (i: number) => `2026-03-${String(2 + i).padStart(2, '0')}`; // 2026-03-02 is a Monday

forEachDialect('attendances: bulk booking', (t) => {
  test('each item gets its own result in request order; accepted ones are written, refused ones are not', async () => {
    const w = await bookingWorld(t());
    const items = [
      w.body({ date: day(0), from: '09:00', to: '12:00' }),
      w.body({ date: day(0), from: '11:00', to: '13:00' }), // overlaps the first item: the same rule as a single POST
      w.body({ date: day(1), from: '12:00', to: '11:00' }), // to before from
      w.body({ date: day(1), from: 'nine', to: '10:00' }), // schema error
      w.body({ date: day(2), from: '08:00', to: '10:00' }),
    ];
    const r = await w.c.post('/attendances/bulk', { items });
    assert.equal(r.status, 200, r.text);
    assert.deepEqual(
      r.body.results.map((x: any) => x.status),
      [201, 422, 422, 422, 201],
    );
    assert.deepEqual(
      r.body.results[1].violations.map((v: any) => v.rule),
      ['overlap'],
    );
    assert.deepEqual(Object.keys(r.body.results[2].errors), ['to']);
    assert.ok(r.body.results[3].errors.from);
    const single = await w.book({ date: day(0), from: '11:00', to: '13:00' });
    assert.deepEqual(single.body.errors, r.body.results[1].errors);
    const listed = (await w.c.get(`/attendances?employee_id=${w.employee}&limit=50`)).body.data;
    assert.deepEqual(
      listed.map((a: any) => a.id).sort(),
      [r.body.results[0].data.id, r.body.results[4].data.id].sort(),
    );
    assert.deepEqual((await w.c.get(`/attendances/${r.body.results[0].data.id}`)).body.data, r.body.results[0].data);
    const feed = (await w.c.get('/changes?types[]=attendances')).body.data;
    assert.deepEqual(
      feed.map((f: any) => [f.op, f.key]),
      [
        ['create', String(r.body.results[0].data.id)],
        ['create', String(r.body.results[4].data.id)],
      ],
    );
  });

  test('atomic=true: one refused item and nothing is written (422 with the results); all fine and all are written', async () => {
    const w = await bookingWorld(t());
    const bad = await w.c.post('/attendances/bulk?atomic=true', {
      items: [w.body({ date: day(0) }), w.body({ date: day(1), employee_id: 'nobody' })],
    });
    assert.equal(bad.status, 422, bad.text);
    assert.match(bad.body.message, /nothing was written/);
    // The item that passed was rolled back with the rest: it reports 424 and no id of a row that does not exist.
    assert.deepEqual(
      bad.body.results.map((x: any) => x.status),
      [424, 422],
    );
    assert.equal(bad.body.results[0].data, undefined);
    assert.match(bad.body.results[0].message, /Not written/);
    assert.equal((await w.c.get('/attendances')).body.data.length, 0);
    assert.equal((await w.c.get('/changes')).body.data.length, 0);
    const good = await w.c.post('/attendances/bulk?atomic=true', {
      items: [w.body({ date: day(0) }), w.body({ date: day(1) })],
    });
    assert.equal(good.status, 200);
    assert.equal((await w.c.get('/attendances')).body.data.length, 2);
  });

  test('a retried bulk request with its Idempotency-Key books once', async () => {
    const w = await bookingWorld(t());
    const body = { items: [w.body({ date: day(0) }), w.body({ date: day(1) })] };
    const opts = { headers: { 'idempotency-key': 'bulk-1' } };
    const first = await w.c.post('/attendances/bulk', body, opts);
    const again = await w.c.post('/attendances/bulk', body, opts);
    assert.equal(again.headers['idempotent-replayed'], 'true');
    assert.equal(again.text, first.text);
    assert.equal((await w.c.get('/attendances')).body.data.length, 2);
  });

  test('envelope limits: no items, more than 500, or no items array are 422 for the whole request', async () => {
    const w = await bookingWorld(t());
    for (const body of [{ items: [] }, {}, { items: Array.from({ length: 501 }, () => w.body()) }]) {
      const r = await w.c.post('/attendances/bulk', body);
      assert.equal(r.status, 422, JSON.stringify(body).slice(0, 50));
      assert.ok(r.body.errors.items, r.text);
    }
  });

  test('concurrent bulk requests over the same employees never deadlock and never double-book', async () => {
    const w = await bookingWorld(t());
    const other = await w.addEmployee();
    const mk = (employee: string, i: number) =>
      w.body({ employee_id: employee, date: day(i % 5), from: '09:00', to: '10:00' });
    const a = Array.from({ length: 10 }, (_, i) => mk(i % 2 ? w.employee : other, i));
    const b = [...a].reverse();
    const [ra, rb] = await Promise.all([
      w.c.post('/attendances/bulk', { items: a }),
      w.c.post('/attendances/bulk', { items: b }),
    ]);
    assert.equal(ra.status, 200, ra.text);
    assert.equal(rb.status, 200, rb.text);
    const written = [...ra.body.results, ...rb.body.results].filter((x: any) => x.status === 201).length;
    assert.equal(written, 10);
    assert.equal((await w.c.get('/attendances?limit=50')).body.data.length, 10);
  });
});
