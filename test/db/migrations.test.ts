// The migrations are one increasing sequence (src/db/migrations/README.md): the deployed versions never change,
// the list only increases, and a migration numbered before one a database has applied is refused, not run out
// of order.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { test } from 'node:test';
import { migrate, pendingMigrations } from '../../src/db/migrate.js';
import type { Migration } from '../../src/db/migration.js';
import { migrations, migrationsIn } from '../../src/db/migrations/index.js';
import { forEachDialect } from '../support/app.js';

const fake = (version: string): Migration => ({ version, up: async () => {} });

test('the versions that may be deployed keep their ids, in one increasing order', () => {
  const deployed = [
    '0001_foundation',
    '0002_spine',
    '0100_customers',
    '0200_people',
    '0201_people_assets',
    '0300_projects',
    '0301_tickets',
    '0400_month_closings',
    '0401_attendances',
    '0900_query_plan_indexes',
  ];
  assert.deepEqual(
    migrations.slice(0, deployed.length).map((m) => m.version),
    deployed,
  );
  const versions = migrations.map((m) => m.version);
  assert.deepEqual(versions, [...versions].sort());
  assert.equal(new Set(versions).size, versions.length);
});

test('the list is the folder: every NNNN_<what> file, ordered by version; other names are refused', async () => {
  const files = fs.readdirSync(new URL('../../src/db/migrations/', import.meta.url));
  assert.deepEqual(
    migrations.map((m) => `${m.version}.ts`),
    files.filter((f) => /^\d{4}_.*\.ts$/.test(f)).sort(),
  );
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'zk-migrations-'));
  try {
    const write = (name: string, version: string) =>
      fs.writeFileSync(path.join(dir, name), `export const m = { version: '${version}', up: async () => {} };\n`);
    write('0002_b.js', '0002_b');
    write('0001_a.js', '0001_a');
    write('index.js', 'not a migration');
    fs.writeFileSync(path.join(dir, '0001_a.js.map'), '{}');
    const folder = pathToFileURL(`${dir}/`);
    assert.deepEqual(
      (await migrationsIn(folder)).map((m) => m.version),
      ['0001_a', '0002_b'],
    );
    write('0003_c.js', '0003_other');
    await assert.rejects(migrationsIn(folder), /0003_c\.js must export one Migration with version '0003_c'/);
    fs.rmSync(path.join(dir, '0003_c.js'));
    write('helpers.js', '0004_d');
    await assert.rejects(migrationsIn(folder), /helpers\.js .* is not named NNNN_<what>/);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
});

test('a fresh database applies the whole list in order; an upgraded one only what comes after', () => {
  const list = [fake('0001_a'), fake('0002_b'), fake('0003_c')];
  assert.deepEqual(
    pendingMigrations(list, new Set()).map((m) => m.version),
    ['0001_a', '0002_b', '0003_c'],
  );
  assert.deepEqual(
    pendingMigrations(list, new Set(['0001_a', '0002_b'])).map((m) => m.version),
    ['0003_c'],
  );
});

test('a list out of order is refused', () => {
  assert.throws(() => pendingMigrations([fake('0002_b'), fake('0001_a')], new Set()), /0001_a must come after 0002_b/);
});

test('a pending migration numbered before an applied one is refused instead of running out of order', () => {
  const list = [fake('0001_a'), fake('0102_late_band'), fake('0900_z')];
  assert.throws(() => pendingMigrations(list, new Set(['0001_a', '0900_z'])), /0102_late_band sorts before 0900_z/);
});

forEachDialect('migrations', (t) => {
  test('on a migrated database, a migration numbered into an old band is refused and nothing is applied', async () => {
    let ran = false;
    const early: Migration = { version: '0150_customers_extra', up: async () => void (ran = true) };
    await assert.rejects(
      migrate(t().database.db, t().dialect, [...migrations.slice(0, 3), early, ...migrations.slice(3)]),
      /0150_customers_extra sorts before/,
    );
    assert.equal(ran, false);
    assert.deepEqual(await migrate(t().database.db, t().dialect), []);
  });

  test('an older zeitkonto refuses a database a newer one migrated, naming what it does not know', async () => {
    await assert.rejects(
      migrate(t().database.db, t().dialect, migrations.slice(0, -1)),
      new RegExp(`migrated by a newer zeitkonto \\(${migrations.at(-1)!.version}\\)`),
    );
  });
});
