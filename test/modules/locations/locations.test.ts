// /locations (string key, default sort by name), /location-lists and /location-lists/{id}/locations.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { forEachDialect } from '../../support/app.js';

forEachDialect('locations', (t) => {
  test('a location has a string id; the list sorts by name by default, by id on request', async () => {
    const c = await t().tenant();
    const r = await c.post('/locations', { id: 'HQ', name: 'Zentrale', city: 'Berlin' });
    assert.equal(r.status, 201, r.text);
    assert.deepEqual(
      { ...r.body.data, created: null, modified: null },
      {
        id: 'HQ',
        name: 'Zentrale',
        description: null,
        street: null,
        zip: null,
        city: 'Berlin',
        country: null,
        created: null,
        modified: null,
        created_by: null,
        modified_by: null,
      },
    );
    await c.post('/locations', { id: 'A-1', name: 'Außenstelle' });
    await c.post('/locations', { id: 'home', name: 'Homeoffice' });
    assert.deepEqual(
      (await c.get('/locations')).body.data.map((l: any) => l.id),
      ['A-1', 'home', 'HQ'],
      'Außenstelle < Homeoffice < Zentrale',
    );
    assert.deepEqual(
      (await c.get('/locations?orderBy=id')).body.data.map((l: any) => l.id),
      ['A-1', 'HQ', 'home'],
    );
    assert.deepEqual(
      (await c.get('/locations?city=Berlin')).body.data.map((l: any) => l.id),
      ['HQ'],
    );
    assert.equal((await c.get('/locations/A-1')).body.data.name, 'Außenstelle');
  });

  test('duplicate id is 422 on id; the id cannot change; PATCH keeps other fields; DELETE works', async () => {
    const c = await t().tenant();
    await c.post('/locations', { id: 'HQ', name: 'Zentrale', zip: '10115' });
    const dup = await c.post('/locations', { id: 'HQ', name: 'Again' });
    assert.equal(dup.status, 422);
    assert.deepEqual(Object.keys(dup.body.errors), ['id']);
    const p = await c.patch('/locations/HQ', { name: 'Hauptsitz' });
    assert.equal(p.body.data.zip, '10115');
    const rename = await c.put('/locations/HQ', { id: 'XX' });
    assert.equal(rename.status, 422);
    assert.deepEqual(Object.keys(rename.body.errors), ['id']);
    assert.equal((await c.delete('/locations/HQ')).status, 204);
    assert.equal((await c.get('/locations/HQ')).status, 404);
  });

  test('location lists group locations; unknown locations are 422; other tenants get 404', async () => {
    const c = await t().tenant();
    const other = await t().tenant();
    await c.post('/locations', { id: 'B', name: 'Bremen' });
    await c.post('/locations', { id: 'A', name: 'Aachen' });
    await c.post('/locations', { id: 'C', name: 'Chemnitz' });
    const l = await c.post('/location-lists', { name: 'North', locations: ['B', { id: 'A' }] });
    assert.equal(l.status, 201, l.text);
    assert.equal(l.body.data.locations_count, 2);
    const items = await c.get(`/location-lists/${l.body.data.id}/locations`);
    assert.deepEqual(
      items.body.data.map((x: any) => x.id),
      ['A', 'B'],
    );
    const bad = await c.patch(`/location-lists/${l.body.data.id}`, { locations: ['nope'] });
    assert.equal(bad.status, 422);
    assert.deepEqual(Object.keys(bad.body.errors), ['locations']);
    const p = await c.patch(`/location-lists/${l.body.data.id}`, { locations: ['C'] });
    assert.equal(p.body.data.locations_count, 1);
    assert.equal((await c.get('/location-lists')).body.data[0].locations_count, 1);
    assert.equal((await other.get(`/location-lists/${l.body.data.id}`)).status, 404);
    assert.equal((await other.get(`/location-lists/${l.body.data.id}/locations`)).status, 404);
    assert.equal((await other.get('/locations/A')).status, 404);
    assert.equal((await c.delete(`/location-lists/${l.body.data.id}`)).status, 204);
  });
});
