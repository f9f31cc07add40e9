// /holiday-calendars, /holiday-calendars/{id}/holidays, /break-regulation-types: CRUD, unique names and dates,
// date filters, delete refused while used, tenant isolation.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { forEachDialect } from '../../support/app.js';
import { createEmployee, userPath } from '../../support/people.js';

forEachDialect('holiday calendars', (t) => {
  test('a calendar is created, read, updated; its name is unique (422 on name)', async () => {
    const c = await t().tenant();
    const r = await c.post('/holiday-calendars', {
      name: 'Standard',
      note: '',
      country: 'Deutschland',
      region: 'Baden-Württemberg',
    });
    assert.equal(r.status, 201, r.text);
    assert.deepEqual(
      { ...r.body.data, id: 0, created: null, modified: null },
      {
        id: 0,
        name: 'Standard',
        note: '',
        country: 'Deutschland',
        region: 'Baden-Württemberg',
        created: null,
        modified: null,
        created_by: null,
        modified_by: null,
      },
    );
    const dup = await c.post('/holiday-calendars', { name: 'Standard' });
    assert.equal(dup.status, 422);
    assert.deepEqual(Object.keys(dup.body.errors), ['name']);
    const p = await c.patch(`/holiday-calendars/${r.body.data.id}`, { region: null });
    assert.equal(p.body.data.region, null);
    assert.equal(p.body.data.country, 'Deutschland');
    assert.equal((await c.get('/holiday-calendars')).body.meta.total, 1);
  });

  test('holidays: half days, one per date, sorted by date, filtered by start_date/end_date', async () => {
    const c = await t().tenant();
    const cal = (await c.post('/holiday-calendars', { name: 'DE' })).body.data;
    const path = `/holiday-calendars/${cal.id}/holidays`;
    const xmas = await c.post(path, { date: '2024-12-24', name: 'Heiligabend', half_day: true });
    assert.equal(xmas.status, 201, xmas.text);
    assert.deepEqual(
      { ...xmas.body.data, id: 0, created: null, modified: null },
      {
        id: 0,
        holiday_calendar_id: cal.id,
        date: '2024-12-24T00:00:00.000000Z',
        name: 'Heiligabend',
        half_day: true,
        created: null,
        modified: null,
        created_by: null,
        modified_by: null,
      },
    );
    await c.post(path, { date: '2024-01-01', name: 'Neujahr' });
    await c.post(path, { date: '2025-01-01', name: 'Neujahr' });
    const dup = await c.post(path, { date: '2024-01-01', name: 'Again' });
    assert.equal(dup.status, 422);
    assert.deepEqual(Object.keys(dup.body.errors), ['date']);
    assert.deepEqual(
      (await c.get(path)).body.data.map((h: any) => h.date.slice(0, 10)),
      ['2024-01-01', '2024-12-24', '2025-01-01'],
    );
    const year = await c.get(`${path}?start_date=2024-01-01&end_date=2024-12-31`);
    assert.deepEqual(
      year.body.data.map((h: any) => h.name),
      ['Neujahr', 'Heiligabend'],
    );
    assert.equal((await c.get(`${path}?start_date=`)).status, 422);
    const moved = await c.patch(`${path}/${xmas.body.data.id}`, { half_day: false });
    assert.equal(moved.body.data.half_day, false);
    assert.equal((await c.delete(`${path}/${xmas.body.data.id}`)).status, 204);
  });

  test('another tenant gets 404 for calendars and holidays; a holiday of another calendar is 404', async () => {
    const a = await t().tenant();
    const b = await t().tenant();
    const cal = (await a.post('/holiday-calendars', { name: 'A' })).body.data;
    const other = (await a.post('/holiday-calendars', { name: 'B' })).body.data;
    const h = (await a.post(`/holiday-calendars/${cal.id}/holidays`, { date: '2024-05-01', name: 'Tag der Arbeit' }))
      .body.data;
    assert.equal((await b.get(`/holiday-calendars/${cal.id}`)).status, 404);
    assert.equal((await b.get(`/holiday-calendars/${cal.id}/holidays`)).status, 404);
    assert.equal((await a.get(`/holiday-calendars/${other.id}/holidays/${h.id}`)).status, 404);
  });

  test('calendars and break regulation types used by working times cannot be deleted (422)', async () => {
    const c = await t().tenant();
    const cal = (await c.post('/holiday-calendars', { name: 'Used' })).body.data;
    const brk = (await c.post('/break-regulation-types', { name: 'Standard' })).body.data;
    assert.deepEqual(Object.keys(brk).sort(), ['created', 'created_by', 'id', 'modified', 'modified_by', 'name']);
    const e = await createEmployee(c);
    const wt = await c.post(`${userPath(e.username)}/regular-working-times`, {
      monday: 8,
      holiday_calendar_id: cal.id,
      break_regulation_type_id: brk.id,
    });
    assert.equal(wt.status, 201, wt.text);
    const r = await c.delete(`/holiday-calendars/${cal.id}`);
    assert.equal(r.status, 422);
    assert.ok(r.body.errors.id);
    assert.equal((await c.delete(`/break-regulation-types/${brk.id}`)).status, 422);
    const unused = (await c.post('/holiday-calendars', { name: 'Unused' })).body.data;
    assert.equal((await c.delete(`/holiday-calendars/${unused.id}`)).status, 204);
  });
});
