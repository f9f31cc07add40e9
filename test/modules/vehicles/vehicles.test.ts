// GET /vehicles: the dated list with the latest start on or before `date` applies (default today), empty before
// the first list, empty `date` is 422, paginated by `limit`; /vehicle-lists admin endpoints.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { forEachDialect } from '../../support/app.js';
import { today } from '../../../src/values/formats.js';

forEachDialect('vehicles', (t) => {
  async function twoLists(c: Awaited<ReturnType<ReturnType<typeof t>['tenant']>>) {
    const a = await c.post('/vehicle-lists', {
      start_date: '2024-01-01',
      name: '2024',
      vehicles: [
        { id: 'B-ZK-1', name: 'Golf', license_plate: 'B-ZK 1' },
        { id: 'VAN', name: 'Transporter' },
      ],
    });
    assert.equal(a.status, 201, a.text);
    const b = await c.post('/vehicle-lists', { start_date: '2025-01-01', vehicles: [{ id: 'EV1', name: 'ID.3' }] });
    assert.equal(b.status, 201, b.text);
    return [a.body.data, b.body.data];
  }

  test('the list with the latest start date on or before `date` applies', async () => {
    const c = await t().tenant();
    await twoLists(c);
    const ids = async (q: string) => (await c.get(`/vehicles${q}`)).body.data.map((v: any) => v.id);
    assert.deepEqual(await ids('?date=2024-01-01'), ['B-ZK-1', 'VAN']);
    assert.deepEqual(await ids('?date=2024-12-31'), ['B-ZK-1', 'VAN']);
    assert.deepEqual(await ids('?date=2025-01-01'), ['EV1']);
    assert.deepEqual(await ids('?date=2030-06-01'), ['EV1']);
    const v = (await c.get('/vehicles?date=2024-06-01')).body.data[0];
    assert.deepEqual(
      { ...v, created: null, modified: null },
      {
        id: 'B-ZK-1',
        name: 'Golf',
        license_plate: 'B-ZK 1',
        note: null,
        created: null,
        modified: null,
        created_by: null,
        modified_by: null,
      },
    );
  });

  test('before the first list the answer is an empty page', async () => {
    const c = await t().tenant();
    await twoLists(c);
    const r = await c.get('/vehicles?date=2023-12-31');
    assert.equal(r.status, 200);
    assert.deepEqual(r.body.data, []);
    assert.equal(r.body.meta.total, 0);
    const none = await (await t().tenant()).get('/vehicles');
    assert.deepEqual(none.body.data, []);
  });

  test('date defaults to today; an empty or invalid date is 422 on date', async () => {
    const c = await t().tenant();
    await c.post('/vehicle-lists', { start_date: today(), vehicles: [{ id: 'NOW' }] });
    await c.post('/vehicle-lists', { start_date: '2099-01-01', vehicles: [{ id: 'FUTURE' }] });
    assert.deepEqual(
      (await c.get('/vehicles')).body.data.map((v: any) => v.id),
      ['NOW'],
    );
    for (const q of ['?date=', '?date=2024-13-01', '?date=2024-01-01T10:00:00']) {
      const r = await c.get(`/vehicles${q}`);
      assert.equal(r.status, 422, q);
      assert.deepEqual(Object.keys(r.body.errors), ['date']);
    }
  });

  test('limit pages the vehicles; the vehicle id is at most 32 characters', async () => {
    const c = await t().tenant();
    const vehicles = Array.from({ length: 5 }, (_, i) => ({ id: `CAR-${i}` }));
    await c.post('/vehicle-lists', { start_date: '2024-01-01', vehicles });
    const r = await c.get('/vehicles?date=2024-02-01&limit=2&page=3');
    assert.deepEqual(
      r.body.data.map((v: any) => v.id),
      ['CAR-4'],
    );
    assert.equal(r.body.meta.total, 5);
    assert.equal(r.body.meta.per_page, 2);
    const long = await c.post('/vehicle-lists', { start_date: '2024-02-01', vehicles: [{ id: 'x'.repeat(33) }] });
    assert.equal(long.status, 422);
  });

  test('vehicle lists: detail with vehicles, list with counts, one list per start date, replace and delete', async () => {
    const c = await t().tenant();
    const other = await t().tenant();
    const [a] = await twoLists(c);
    assert.equal(a.vehicles.length, 2);
    assert.equal(a.start_date, '2024-01-01T00:00:00.000000Z');
    const list = await c.get('/vehicle-lists');
    assert.deepEqual(
      list.body.data.map((l: any) => l.vehicles_count),
      [2, 1],
    );
    assert.ok(!('vehicles' in list.body.data[0]));
    const dup = await c.post('/vehicle-lists', { start_date: '2024-01-01' });
    assert.equal(dup.status, 422);
    assert.deepEqual(Object.keys(dup.body.errors), ['start_date']);
    const twice = await c.post('/vehicle-lists', { start_date: '2026-01-01', vehicles: [{ id: 'A' }, { id: 'A' }] });
    assert.deepEqual(Object.keys(twice.body.errors), ['vehicles']);
    const p = await c.patch(`/vehicle-lists/${a.id}`, { vehicles: [{ id: 'ONLY' }] });
    assert.deepEqual(
      p.body.data.vehicles.map((v: any) => v.id),
      ['ONLY'],
    );
    assert.equal((await other.get(`/vehicle-lists/${a.id}`)).status, 404);
    assert.deepEqual((await other.get('/vehicles?date=2024-06-01')).body.data, []);
    assert.equal((await c.delete(`/vehicle-lists/${a.id}`)).status, 204);
    assert.deepEqual((await c.get('/vehicles?date=2024-06-01')).body.data, []);
  });

  test('GET /vehicles is not on the clock edition (404)', async () => {
    const c = await t().tenant({ edition: 'clock' });
    assert.equal((await c.get('/vehicles')).status, 404);
  });
});
