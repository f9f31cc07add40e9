// SQLite's durability setting: FULL by default (an acknowledged commit survives a power loss),
// NORMAL only when SQLITE_SYNCHRONOUS asks for it, anything else refused at start. SQLite-only by nature:
// PostgreSQL's durability is its own fsync.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { test } from 'node:test';
import { sql } from 'kysely';
import { ConfigError, loadConfig } from '../../src/config.js';
import { openDatabase } from '../../src/db/connection.js';

/** PRAGMA synchronous of a database opened with this environment: 2 = FULL, 1 = NORMAL. */
async function synchronousWith(env: Record<string, string>): Promise<number> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'zk-sync-'));
  const database = openDatabase(loadConfig({ DATABASE_URL: `file:${path.join(dir, 'db.sqlite')}`, ...env }).database);
  try {
    return Number((await sql<{ synchronous: number }>`PRAGMA synchronous`.execute(database.db)).rows[0].synchronous);
  } finally {
    await database.close();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

test('SQLite syncs every commit (synchronous=FULL) unless SQLITE_SYNCHRONOUS=NORMAL; other values stop the start', async () => {
  assert.equal(await synchronousWith({}), 2);
  assert.equal(await synchronousWith({ SQLITE_SYNCHRONOUS: 'FULL' }), 2);
  assert.equal(await synchronousWith({ SQLITE_SYNCHRONOUS: 'NORMAL' }), 1);
  assert.throws(() => loadConfig({ SQLITE_SYNCHRONOUS: 'OFF' }), ConfigError);
});
