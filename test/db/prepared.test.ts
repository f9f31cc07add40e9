// Compiled queries (src/db/prepared.ts): built and compiled once per dialect, then run with each call's
// parameters and the caller's tenant — the same rows as the query built afresh, never another tenant's.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { prepared, preparedFirst } from '../../src/db/prepared.js';
import { forTenant } from '../../src/db/tenant-scope.js';
import { forEachDialect } from '../support/app.js';
import { seedEmployee } from '../support/seed.js';

let builds = 0;
const byUsername = preparedFirst((db, p: { username: string }) => {
  builds++;
  return db.selectFrom('employees').select(['username', 'firstname']).where('username', '=', p.username);
});
const filtered = prepared((db, p: { names: string[]; firstname?: string; department?: number | null }) => {
  let q = db.selectFrom('employees').select('username').where('username', 'in', p.names).orderBy('username');
  if (p.firstname !== undefined) q = q.where('firstname', '=', p.firstname);
  if (p.department === null) q = q.where('department_id', 'is', null);
  return q;
});
const byDepartment = prepared((db, p: { department: number; limit: number }) =>
  db
    .selectFrom('employees')
    .select('username')
    .where('department_id', '=', p.department)
    .orderBy('username')
    .limit(p.limit),
);

forEachDialect('prepared queries', (t) => {
  test('each call runs with its own parameters and tenant; the query is built once per dialect', async () => {
    const a = await t().tenant();
    const b = await t().tenant();
    const db = t().database.db;
    await seedEmployee(db, a.tenant.id, { username: 'same', firstname: 'In A' });
    await seedEmployee(db, b.tenant.id, { username: 'same', firstname: 'In B' });
    await seedEmployee(db, a.tenant.id, { username: 'other', firstname: 'Other A' });
    const before = builds;
    assert.deepEqual(await byUsername(forTenant(db, a.tenant.id), { username: 'same' }), {
      username: 'same',
      firstname: 'In A',
    });
    assert.deepEqual(await byUsername(forTenant(db, b.tenant.id), { username: 'same' }), {
      username: 'same',
      firstname: 'In B',
    });
    assert.deepEqual(await byUsername(forTenant(db, a.tenant.id), { username: 'other' }), {
      username: 'other',
      firstname: 'Other A',
    });
    assert.equal(await byUsername(forTenant(db, b.tenant.id), { username: 'other' }), undefined);
    assert.ok(builds - before <= 1, `built ${builds - before} times`);
  });

  test('results equal the query built afresh, also inside a transaction', async () => {
    const c = await t().tenant();
    const db = t().database.db;
    const department = (
      await db.selectFrom('departments').select('id').where('tenant_id', '=', c.tenant.id).executeTakeFirstOrThrow()
    ).id;
    for (const u of ['u3', 'u1', 'u2'])
      await seedEmployee(db, c.tenant.id, { username: u, department_id: Number(department) });
    const scoped = forTenant(db, c.tenant.id);
    const fresh = await scoped
      .selectFrom('employees')
      .select('username')
      .where('department_id', '=', Number(department))
      .orderBy('username')
      .limit(2)
      .execute();
    assert.deepEqual(await byDepartment(scoped, { department: Number(department), limit: 2 }), fresh);
    const inTransaction = await scoped.transaction((trx) =>
      byDepartment(trx, { department: Number(department), limit: 5 }),
    );
    assert.deepEqual(
      inTransaction.map((r) => r.username),
      ['u1', 'u2', 'u3'],
    );
  });

  test('lists of any length and conditions on undefined or null are shapes of their own', async () => {
    const c = await t().tenant();
    const db = forTenant(t().database.db, c.tenant.id);
    for (const [u, f] of [
      ['a', 'Ann'],
      ['b', 'Bob'],
      ['c', 'Ann'],
    ])
      await seedEmployee(t().database.db, c.tenant.id, { username: u, firstname: f });
    const names = async (p: Parameters<typeof filtered>[1]) => (await filtered(db, p)).map((r) => r.username);
    assert.deepEqual(await names({ names: ['a'] }), ['a']);
    assert.deepEqual(await names({ names: ['c', 'a', 'b'] }), ['a', 'b', 'c']);
    assert.deepEqual(await names({ names: ['b', 'x'] }), ['b']);
    assert.deepEqual(await names({ names: ['a', 'b', 'c'], firstname: 'Ann' }), ['a', 'c']);
    assert.deepEqual(await names({ names: ['a', 'b', 'c'], firstname: 'Bob' }), ['b']);
    assert.deepEqual(await names({ names: ['a', 'b', 'c'] }), ['a', 'b', 'c']);
    assert.deepEqual(await names({ names: ['a', 'b', 'c'], department: null }), []);
  });
});
