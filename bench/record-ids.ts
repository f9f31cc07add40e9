// `node --import tsx bench/record-ids.ts [--db postgres://…] [--count 600] [--rounds 2]`: the cost of numbering
// records per tenant (src/db/record-ids.ts). A/B on a fresh database each: "shared" stops the migrations before
// 2801 (one id sequence per table across tenants, as before), "per tenant" applies them all. Each measures, through
// app.inject in one process, `count` booking POSTs one after another (latency per request, process CPU per
// request), the same count 8 at a time (throughput, where concurrent inserts of one tenant queue on its counter
// row), `count` GETs of a booking by id, and 2,000 single-row INSERTs in one transaction (the insert alone). After a
// warm-up pass of each, variants alternate (A B, B A, …) so load drift on the shared machine hits both. Results go
// to docs/performance.md by hand.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { buildApp } from '../src/app.js';
import { loadConfig, parseDatabaseUrl, type DatabaseConfig } from '../src/config.js';
import { openDatabase } from '../src/db/connection.js';
import { migrate } from '../src/db/migrate.js';
import { migrations } from '../src/db/migrations/index.js';
import { forTenant } from '../src/db/tenant-scope.js';
import { createTenant } from '../src/tenancy/tenants.js';
import { createToken } from '../src/tenancy/tokens.js';
import { bookingWorld } from '../test/support/booking-world.js';
import { createPgDatabase, dropPgDatabase } from '../test/support/db.js';
import type { TestContext } from '../test/support/app.js';

const { values: opts } = parseArgs({
  options: {
    db: { type: 'string', default: 'sqlite' },
    count: { type: 'string', default: '600' },
    rounds: { type: 'string', default: '2' },
  },
});
const count = Number(opts.count);

async function database(name: string): Promise<{ config: DatabaseConfig; drop: () => Promise<void> }> {
  if (opts.db === 'sqlite') {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'zk-bench-ids-'));
    return {
      config: parseDatabaseUrl(`file:${path.join(dir, 'db.sqlite')}`),
      drop: async () => fs.rmSync(dir, { recursive: true, force: true }),
    };
  }
  const db = `zk_bench_ids_${name}_${process.pid}`;
  return { config: parseDatabaseUrl(await createPgDatabase(db)), drop: () => dropPgDatabase(db) };
}

const pct = (xs: number[], p: number) =>
  [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(p * xs.length))];

async function measure(variant: 'shared' | 'per tenant', round: number) {
  const { config: dbConfig, drop } = await database(`${variant === 'shared' ? 'a' : 'b'}${round}`);
  const config = {
    ...loadConfig({ LOG_LEVEL: 'silent', RATE_LIMIT_5MIN: '1000000000', RATE_LIMIT_HOUR: '1000000000' }),
    database: dbConfig,
  };
  const opened = openDatabase(dbConfig);
  await migrate(
    opened.db,
    opened.dialect,
    variant === 'shared' ? migrations.filter((m) => m.version < '2801') : migrations,
  );
  const app = await buildApp(config, { database: opened, logger: false });
  await app.ready();
  try {
    const ctx = {
      database: opened,
      async tenant() {
        const tenant = await createTenant(opened.db, {
          instance: `ids${Date.now()}${Math.floor(Math.random() * 1e6)}`,
        });
        const { token } = await createToken(opened.db, tenant.id);
        const request = async (method: string, path: string, body?: unknown) => {
          const r = await app.inject({
            method: method as 'GET',
            url: `/${tenant.instance}/next/api/v1${path}`,
            headers: { authorization: `Bearer ${token}` },
            ...(body ? { payload: body as object } : {}),
          });
          return { status: r.statusCode, body: r.json(), headers: r.headers, text: r.body };
        };
        return {
          tenant,
          token,
          post: (p: string, b: unknown) => request('POST', p, b),
          get: (p: string) => request('GET', p),
        } as any;
      },
    } as unknown as TestContext;
    const w = await bookingWorld(ctx);
    const employees = [w.employee, ...(await Promise.all(Array.from({ length: 49 }, () => w.addEmployee())))];
    const bodies = Array.from({ length: 2 * count }, (_, i) => {
      const slot = i % 8;
      const day = Math.floor(i / 8 / employees.length);
      const date = new Date(Date.UTC(2025, 0, 6) + (Math.floor(day / 5) * 7 + (day % 5)) * 86_400_000)
        .toISOString()
        .slice(0, 10);
      return w.body({
        employee_id: employees[Math.floor(i / 8) % employees.length],
        date,
        from: `${String(8 + slot).padStart(2, '0')}:00`,
        to: `${String(9 + slot).padStart(2, '0')}:00`,
      });
    });
    // Warm-up: compile the routes' validators and the statements.
    for (const body of bodies.slice(0, 20)) await w.c.post('/attendances', body);

    const latencies: number[] = [];
    const ids: number[] = [];
    const cpu0 = process.cpuUsage();
    for (const body of bodies.slice(20, count)) {
      const t0 = performance.now();
      const r = await w.c.post('/attendances', body);
      latencies.push(performance.now() - t0);
      if (r.status !== 201) throw new Error(`${r.status} ${r.text}`);
      ids.push(r.body.data.id);
    }
    const cpu = process.cpuUsage(cpu0);
    const cpuPerPost = (cpu.user + cpu.system) / 1000 / latencies.length;

    const parallel = bodies.slice(count, 2 * count);
    const t1 = performance.now();
    for (let i = 0; i < parallel.length; i += 8) {
      const rs = await Promise.all(parallel.slice(i, i + 8).map((b) => w.c.post('/attendances', b)));
      for (const r of rs) if (r.status !== 201) throw new Error(`${r.status} ${r.text}`);
    }
    const perSecond = parallel.length / ((performance.now() - t1) / 1000);

    const reads: number[] = [];
    for (const id of ids) {
      const t0 = performance.now();
      const r = await w.c.get(`/attendances/${id}`);
      reads.push(performance.now() - t0);
      if (r.status !== 200) throw new Error(`GET ${id}: ${r.status}`);
    }
    // The insert alone: 2,000 single-row INSERTs through the tenant scope, in one transaction.
    const inserts = 2000;
    const t2 = performance.now();
    await forTenant(opened.db, w.c.tenant.id).transaction(async (db) => {
      for (let i = 0; i < inserts; i++)
        await db
          .insertInto('departments', {
            name: `Bench ${i}`,
            is_standard: false,
            parent_id: null,
            created: null,
            modified: null,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
    });
    const insertUs = ((performance.now() - t2) * 1000) / inserts;
    return {
      variant,
      round,
      postP50: pct(latencies, 0.5),
      postP95: pct(latencies, 0.95),
      cpuPerPost,
      parallelPerSecond: perSecond,
      getP50: pct(reads, 0.5),
      insertUs,
    };
  } finally {
    await app.close();
    await drop();
  }
}

const results = [];
// A first pass of each variant warms the process up (JIT, module loading) and is not printed.
for (const variant of ['shared', 'per tenant'] as const) await measure(variant, 0);
for (let round = 1; round <= Number(opts.rounds); round++) {
  for (const variant of round % 2 ? (['shared', 'per tenant'] as const) : (['per tenant', 'shared'] as const)) {
    const r = await measure(variant, round);
    results.push(r);
    console.log(
      `${opts.db.startsWith('postgres') ? 'postgres' : 'sqlite'} ${variant.padEnd(10)} round ${round}: POST p50 ${r.postP50.toFixed(2)} ms, p95 ${r.postP95.toFixed(2)} ms, CPU ${r.cpuPerPost.toFixed(2)} ms/POST; 8 at a time ${Math.round(r.parallelPerSecond)} POST/s; GET by id p50 ${r.getP50.toFixed(2)} ms; one INSERT ${r.insertUs.toFixed(0)} µs`,
    );
  }
}
