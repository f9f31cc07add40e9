#!/usr/bin/env node
// `npm test`: every test file under test/, on SQLite and PostgreSQL. Creates one PostgreSQL database for the
// run (tests isolate themselves by tenant) and drops it afterwards. Extra arguments select files.
//   ZK_TEST_PG_ADMIN_URL   admin connection (default postgres://postgres@127.0.0.1:5432/postgres)
//   ZK_TEST_DIALECTS       sqlite,postgres (default both)
//   ZK_TEST_NODE           the Node binary that runs the tests (default: this Node when supported, else the Node
//                          that npm install fetched into .runtime/ — see scripts/node-runtime.mjs)
//   ZK_TEST_NODES          further Node binaries (path-list) for the process-level runtime test
import { spawn } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { SUPPORTED_TEXT, findNode } from './node-runtime.mjs';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
const adminUrl = process.env.ZK_TEST_PG_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const dialects = (process.env.ZK_TEST_DIALECTS ?? 'sqlite,postgres').split(',');

function findTests(dir) {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) return findTests(p);
    return e.name.endsWith('.test.ts') ? [p] : [];
  });
}

async function admin(sqlText) {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(sqlText);
  } finally {
    await client.end();
  }
}

const node = process.env.ZK_TEST_NODE || findNode();
if (!node) {
  console.error(
    `The tests need ${SUPPORTED_TEXT}; this is Node ${process.version}. Run \`npm install\` (it fetches Node 24 from the npm registry into .runtime/) or set ZK_TEST_NODE.`,
  );
  process.exit(1);
}

const args = process.argv.slice(2);
const files = (args.length ? args.map((a) => path.resolve(a)) : findTests(path.join(root, 'test'))).sort();
const env = { ...process.env };
let dbName;
if (dialects.includes('postgres') && !env.ZK_TEST_PG_URL) {
  dbName = `zk_test_run_${process.pid}_${crypto.randomBytes(3).toString('hex')}`;
  await admin(`CREATE DATABASE "${dbName}"`);
  const url = new URL(adminUrl);
  url.pathname = `/${dbName}`;
  env.ZK_TEST_PG_URL = url.toString();
}

const child = spawn(node, ['--import', 'tsx', '--test', '--test-concurrency=2', ...files], {
  stdio: 'inherit',
  env,
  cwd: root,
});
const code = await new Promise((resolve) => child.on('exit', (c, signal) => resolve(c ?? (signal ? 1 : 0))));
if (dbName)
  await admin(`DROP DATABASE IF EXISTS "${dbName}" WITH (FORCE)`).catch((e) =>
    console.error(`could not drop ${dbName}: ${e.message}`),
  );
process.exit(code);
