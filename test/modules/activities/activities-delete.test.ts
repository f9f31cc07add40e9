// A refused delete names what still refers to the record, with counts, on the key field.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { forEachDialect } from '../../support/app.js';
import { bookingWorld } from '../../support/booking-world.js';

forEachDialect('activities: delete refusal', (t) => {
  test('DELETE of an activity in use names the bookings and projects (with counts) on name; unused it goes', async () => {
    const w = await bookingWorld(t());
    assert.equal((await w.book()).status, 201);
    assert.equal((await w.book({ date: '2026-03-11' })).status, 201);
    const r = await w.c.delete('/activities/be');
    assert.equal(r.status, 422, r.text);
    assert.deepEqual(r.body.errors, {
      name: ['The activity is still used by bookings (2).', 'The activity is still used by projects (1).'],
    });
    assert.equal((await w.c.get('/activities/be')).status, 200);
    const fresh = await w.c.post('/activities', { name: 'unused' });
    assert.equal(fresh.status, 201);
    assert.equal((await w.c.delete('/activities/unused')).status, 204);
  });
});
