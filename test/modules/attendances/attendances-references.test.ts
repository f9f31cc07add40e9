// Bookings and the records they reference: only the project's activities can be booked, and projects, tasks,
// tickets, subtasks and work locations with bookings cannot be deleted (422 naming the bookings).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { Kysely } from 'kysely';
import { forEachDialect } from '../../support/app.js';
import { bookingWorld } from '../../support/booking-world.js';

forEachDialect('attendances: references', (t) => {
  test("an activity that is not one of the project's activities is 422 on activity_id", async () => {
    const w = await bookingWorld(t());
    const db = w.db as Kysely<any>;
    await db.insertInto('activities').values({ tenant_id: w.c.tenant.id, name: 'other', is_travel: false }).execute();
    const r = await w.book({ activity_id: 'other' });
    assert.equal(r.status, 422);
    assert.deepEqual(Object.keys(r.body.errors), ['activity_id']);
    const added = await w.c.post(`/projects/${w.projectId}/activities`, { name: 'other' });
    assert.ok(added.status < 300, added.text);
    assert.equal((await w.book({ activity_id: 'other' })).status, 201);
  });

  test('a project, task or work location with bookings cannot be deleted; without them it can', async () => {
    const w = await bookingWorld(t());
    const loc = await w.c.post('/locations', { id: 'HQ', name: 'Headquarters' });
    assert.equal(loc.status, 201, loc.text);
    const a = (await w.book({ work_location_id: 'HQ' })).body.data;
    const project = await w.c.delete(`/projects/${w.projectId}`);
    assert.equal(project.status, 422);
    assert.match(JSON.stringify(project.body.errors), /bookings/);
    const task = await w.c.delete(`/projects/${w.projectId}/tasks/${w.taskId}`);
    assert.equal(task.status, 422);
    assert.match(JSON.stringify(task.body.errors), /bookings/);
    const location = await w.c.delete('/locations/HQ');
    assert.equal(location.status, 422);
    assert.match(JSON.stringify(location.body.errors), /bookings/);
    assert.equal((await w.c.delete(`/attendances/${a.id}`)).status, 204);
    assert.equal((await w.c.delete('/locations/HQ')).status, 204);
    assert.equal((await w.c.delete(`/projects/${w.projectId}`)).status, 204);
  });
});
