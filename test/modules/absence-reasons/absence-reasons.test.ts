// GET/POST/PATCH/PUT/DELETE /absence-reasons, external_id filter (≤ 100 characters), tenant isolation.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { forEachDialect } from '../../support/app.js';

forEachDialect('absence reasons', (t) => {
  test('create returns 201 with the live field shape (0/1 flags, type object, timestamps)', async () => {
    const c = await t().tenant();
    const r = await c.post('/absence-reasons', {
      name: 'KR',
      comment: 'Krank|en:Sick',
      approve: true,
      allow_self_entry: 1,
      type: 1,
      color: '#91300E',
    });
    assert.equal(r.status, 201, r.text);
    assert.deepEqual(
      { ...r.body.data, created: undefined, modified: undefined },
      {
        name: 'KR',
        comment: 'Krank|en:Sick',
        approve: 1,
        allow_self_entry: 1,
        allow_half_day_holiday: 0,
        allow_hours_of_vacation: 0,
        anyone_can_see_name: null,
        color: '#91300E',
        type: { id: 1, name: 'paid absence' },
        client_calendar_category: null,
        inform_employee_upon_approval_or_revocation: 0,
        external_id: null,
        created: undefined,
        modified: undefined,
        created_by: null,
        modified_by: null,
      },
    );
    assert.match(r.body.data.created, /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.000000Z$/);
  });

  test('detail by name, 404 for unknown names and for another tenant', async () => {
    const a = await t().tenant();
    const b = await t().tenant();
    await a.post('/absence-reasons', { name: 'UB' });
    assert.equal((await a.get('/absence-reasons/UB')).body.data.name, 'UB');
    assert.equal((await a.get('/absence-reasons/XX')).status, 404);
    assert.equal((await b.get('/absence-reasons/UB')).status, 404);
  });

  test('external_id filter restricts the list; more than 100 characters is a 422', async () => {
    const c = await t().tenant();
    await c.post('/absence-reasons', { name: 'A', external_id: 'ext-1' });
    await c.post('/absence-reasons', { name: 'B', external_id: 'ext-2' });
    const r = await c.get('/absence-reasons?external_id=ext-2');
    assert.deepEqual(
      r.body.data.map((x: any) => x.name),
      ['B'],
    );
    const bad = await c.get(`/absence-reasons?external_id=${'x'.repeat(101)}`);
    assert.equal(bad.status, 422);
    assert.ok(bad.body.errors.external_id);
  });

  test('PATCH and PUT change only submitted fields; duplicate names are 422 on name', async () => {
    const c = await t().tenant();
    await c.post('/absence-reasons', { name: 'A', comment: 'keep', color: '#111111' });
    await c.post('/absence-reasons', { name: 'B' });
    const p = await c.patch('/absence-reasons/A', { color: '#222222' });
    assert.equal(p.status, 200, p.text);
    assert.equal(p.body.data.comment, 'keep');
    assert.equal(p.body.data.color, '#222222');
    const put = await c.put('/absence-reasons/A', { comment: null });
    assert.equal(put.body.data.comment, null);
    assert.equal(put.body.data.color, '#222222');
    const dup = await c.patch('/absence-reasons/A', { name: 'B' });
    assert.equal(dup.status, 422);
    assert.deepEqual(Object.keys(dup.body.errors), ['name']);
  });

  test('external_id is unique in the tenant regardless of case; null may repeat; another tenant may use it', async () => {
    const c = await t().tenant();
    const other = await t().tenant();
    assert.equal((await c.post('/absence-reasons', { name: 'A', external_id: 'EXT-1' })).status, 201);
    for (const [name, value] of [
      ['B', 'EXT-1'],
      ['C', 'ext-1'],
    ]) {
      const dup = await c.post('/absence-reasons', { name, external_id: value });
      assert.deepEqual(
        [dup.status, dup.body.errors],
        [422, { external_id: ['The external id has already been taken.'] }],
        dup.text,
      );
    }
    assert.equal((await c.post('/absence-reasons', { name: 'B' })).status, 201);
    assert.equal((await c.post('/absence-reasons', { name: 'C', external_id: null })).status, 201);
    const moved = await c.patch('/absence-reasons/B', { external_id: 'Ext-1' });
    assert.deepEqual([moved.status, Object.keys(moved.body.errors ?? {})], [422, ['external_id']], moved.text);
    assert.equal(
      (await c.patch('/absence-reasons/A', { external_id: 'ext-1', color: '#123456' })).status,
      200,
      'a reason keeps its own value in another case',
    );
    assert.deepEqual(
      (await c.get('/absence-reasons?external_id=EXT-1')).body.data.map((r: any) => r.name),
      ['A'],
    );
    assert.equal((await other.post('/absence-reasons', { name: 'A', external_id: 'EXT-1' })).status, 201);
  });

  test('DELETE removes the reason; a second delete is 404', async () => {
    const c = await t().tenant();
    await c.post('/absence-reasons', { name: 'A' });
    assert.equal((await c.delete('/absence-reasons/A')).status, 204);
    assert.equal((await c.delete('/absence-reasons/A')).status, 404);
  });
});
