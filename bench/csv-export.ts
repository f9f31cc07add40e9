// `node --import tsx bench/csv-export.ts [--rows N] [--db URL]`: a CSV export of a list with N rows (default
// 1,000,000 activities) from a separate server process, measuring time, bytes and the server's resident memory
// (sampled from /proc every 50 ms) before and during the export: the export streams, so memory stays flat.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { sql } from 'kysely';
import { openDatabase } from '../src/db/connection.js';
import { migrate } from '../src/db/migrate.js';
import { parseDatabaseUrl } from '../src/config.js';
import { ensurePostgresDatabase } from '../src/db/create-database.js';
import { createTenant, findTenant } from '../src/tenancy/tenants.js';
import { createToken } from '../src/tenancy/tokens.js';

const root = path.resolve(import.meta.dirname, '..');
const { values: opts } = parseArgs({
  options: {
    rows: { type: 'string', default: '1000000' },
    db: { type: 'string' },
    port: { type: 'string', default: '3977' },
  },
});
const rows = Number(opts.rows);
fs.mkdirSync(path.join(root, 'data', 'bench'), { recursive: true });
const databaseUrl = opts.db ?? `file:${path.join(root, 'data', 'bench', 'csv-export.db')}`;
const instance = `csv_${rows}`;
const log = (m: string) => process.stderr.write(`[csv-export] ${m}\n`);

await ensurePostgresDatabase(parseDatabaseUrl(databaseUrl));
const database = openDatabase(parseDatabaseUrl(databaseUrl));
await migrate(database.db, database.dialect);
let tenant = await findTenant(database.db, instance);
if (!tenant) {
  tenant = await createTenant(database.db, { instance });
  const started = Date.now();
  for (let i = 0; i < rows; i += 1000) {
    const batch = Array.from({ length: Math.min(1000, rows - i) }, (_, j) => ({
      tenant_id: tenant!.id,
      name: `activity-${String(i + j).padStart(7, '0')}`,
      description: `Tätigkeit ${i + j}, "quoted"`,
      is_travel: (i + j) % 7 === 0 ? 1 : 0,
      created: '2024-01-01 08:00:00',
      modified: '2024-06-01 08:00:00',
    }));
    await database.db
      .insertInto('activities')
      .values(batch as any)
      .execute();
  }
  log(`inserted ${rows} activities in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}
const count = Number(
  (await sql<{ n: number }>`SELECT COUNT(*) AS n FROM activities WHERE tenant_id = ${tenant.id}`.execute(database.db))
    .rows[0]!.n,
);
const { token } = await createToken(database.db, tenant.id, { name: 'csv-export bench' });
await database.close();

const server = spawn(
  process.execPath,
  ['--max-old-space-size=160', '--max-semi-space-size=16', path.join(root, 'bin', 'zeitkonto.js'), 'serve'],
  {
    env: {
      ...process.env,
      DATABASE_URL: databaseUrl,
      PORT: opts.port,
      LOG_LEVEL: 'warn',
      LOG_FORMAT: 'json',
      NODE_ENV: 'production',
      RATE_LIMIT_5MIN: '1000000000',
      RATE_LIMIT_HOUR: '1000000000',
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  },
);
await new Promise<void>((resolve) => server.stdout!.on('data', (d) => String(d).includes('listening on') && resolve()));
const rss = () => Number(/VmRSS:\s+(\d+) kB/.exec(fs.readFileSync(`/proc/${server.pid}/status`, 'utf8'))![1]) / 1024;

// Warm up (first requests compile serializers), then measure.
await fetch(`http://127.0.0.1:${opts.port}/${instance}/next/api/v1/activities?limit=200`, {
  headers: { authorization: `Bearer ${token}` },
}).then((r) => r.text());
const before = rss();
let peak = before;
const sampler = setInterval(() => (peak = Math.max(peak, rss())), 50);
const started = Date.now();
const { bytes, lines } = await new Promise<{ bytes: number; lines: number }>((resolve, reject) => {
  http.get(
    `http://127.0.0.1:${opts.port}/${instance}/next/api/v1/activities?format=csv`,
    { headers: { authorization: `Bearer ${token}` } },
    (res) => {
      let bytes = 0;
      let lines = 0;
      res.on('data', (chunk: Buffer) => {
        bytes += chunk.length;
        for (const b of chunk) if (b === 10) lines++;
      });
      res.on('end', () => resolve({ bytes, lines }));
      res.on('error', reject);
    },
  );
});
const seconds = (Date.now() - started) / 1000;
clearInterval(sampler);
server.kill('SIGTERM');
const result = {
  dialect: database.dialect,
  rows: count,
  csvRows: lines - 1,
  bytes,
  seconds: Number(seconds.toFixed(1)),
  rowsPerSecond: Math.round(count / seconds),
  rssBeforeMb: Number(before.toFixed(1)),
  rssPeakMb: Number(peak.toFixed(1)),
};
console.log(JSON.stringify(result));
