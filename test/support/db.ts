// Test databases: a fresh SQLite file per process, and a PostgreSQL database per test run (created and dropped
// by scripts/test.mjs, or by this process when run alone). Tests never share rows: each creates its own tenant.
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { DatabaseConfig } from '../../src/config.js';

export type TestDialect = 'sqlite' | 'postgres';

export const PG_ADMIN_URL = process.env.ZK_TEST_PG_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

export function pgUrlFor(database: string): string {
  const url = new URL(PG_ADMIN_URL);
  url.pathname = `/${database}`;
  return url.toString();
}

export async function createPgDatabase(name: string): Promise<string> {
  const client = new pg.Client({ connectionString: PG_ADMIN_URL });
  await client.connect();
  try {
    await client.query(`CREATE DATABASE "${name}" TEMPLATE template0`); // template0 takes no connections: concurrent creates never find it busy
  } finally {
    await client.end();
  }
  return pgUrlFor(name);
}

export async function dropPgDatabase(name: string): Promise<void> {
  const client = new pg.Client({ connectionString: PG_ADMIN_URL });
  await client.connect();
  try {
    await client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
  } finally {
    await client.end();
  }
}

/** Database for one dialect in this process; cleanup() removes what this process created. */
/** A database for one test: the run's shared PostgreSQL database, or with `fresh` (a test of migrations) one of its own. */
export async function testDatabaseConfig(
  dialect: TestDialect,
  opts: { fresh?: boolean } = {},
): Promise<{ config: DatabaseConfig; cleanup: () => Promise<void>; shared: boolean }> {
  if (dialect === 'sqlite') {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'zk-test-'));
    return {
      config: { dialect: 'sqlite', file: path.join(dir, 'test.db') },
      cleanup: async () => fs.rmSync(dir, { recursive: true, force: true }),
      shared: false,
    };
  }
  if (process.env.ZK_TEST_PG_URL && !opts.fresh)
    return { config: { dialect: 'postgres', url: process.env.ZK_TEST_PG_URL }, cleanup: async () => {}, shared: true };
  const name = `zk_test_${process.pid}_${crypto.randomBytes(3).toString('hex')}`;
  const url = await createPgDatabase(name);
  return { config: { dialect: 'postgres', url }, cleanup: () => dropPgDatabase(name), shared: false };
}
