// `node --import tsx bench/bulk.ts [--db postgres://…] [--count 2000]`: bookings per second through
// POST /attendances/bulk (chunks of 500) against one POST /attendances per booking, in one process through
// app.inject (no network: the server's own cost). Each run books `count` distinct non-overlapping bookings of
// 50 employees on a fresh tenant. Results go to docs/performance.md by hand.
import { parseArgs } from 'node:util';
import { buildApp } from '../src/app.js';
import { loadConfig, parseDatabaseUrl } from '../src/config.js';
import { openDatabase } from '../src/db/connection.js';
import { migrate } from '../src/db/migrate.js';
import { createTenant } from '../src/tenancy/tenants.js';
import { createToken } from '../src/tenancy/tokens.js';
import { bookingWorld } from '../test/support/booking-world.js';
import type { TestContext } from '../test/support/app.js';

const { values: opts } = parseArgs({
  options: { db: { type: 'string', default: 'file::memory:' }, count: { type: 'string', default: '2000' } },
});
const count = Number(opts.count);
const config = {
  ...loadConfig({ LOG_LEVEL: 'silent', RATE_LIMIT_5MIN: '1000000000', RATE_LIMIT_HOUR: '1000000000' }),
  database: parseDatabaseUrl(opts.db),
};
const database = openDatabase(config.database);
await migrate(database.db, database.dialect);
const app = await buildApp(config, { database, logger: false });
await app.ready();

async function world() {
  const ctx = {
    database,
    async tenant() {
      const tenant = await createTenant(database.db, {
        instance: `bulk${Date.now()}${Math.floor(Math.random() * 1e6)}`,
      });
      const { token } = await createToken(database.db, tenant.id);
      const post = async (path: string, body: unknown) => {
        const r = await app.inject({
          method: 'POST',
          url: `/${tenant.instance}/next/api/v1${path}`,
          headers: { authorization: `Bearer ${token}` },
          payload: body as object,
        });
        return { status: r.statusCode, body: r.json(), headers: r.headers, text: r.body };
      };
      return { tenant, token, post } as any;
    },
  } as unknown as TestContext;
  const w = await bookingWorld(ctx);
  const employees = [w.employee, ...(await Promise.all(Array.from({ length: 49 }, () => w.addEmployee())))];
  // Weekdays from 2025-01-06 on, one-hour slots 08:00–16:00: every booking distinct and allowed.
  const bodies = Array.from({ length: count }, (_, i) => {
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
  return { w, bodies };
}

async function timed(label: string, run: () => Promise<number>) {
  const start = process.hrtime.bigint();
  const booked = await run();
  const seconds = Number(process.hrtime.bigint() - start) / 1e9;
  if (booked !== count) throw new Error(`${label}: booked ${booked} of ${count}`);
  console.log(
    `${label.padEnd(28)} ${count} bookings in ${seconds.toFixed(2)} s = ${Math.round(count / seconds)} bookings/s`,
  );
}

const single = await world();
await timed('one by one (POST)', async () => {
  let ok = 0;
  for (const body of single.bodies) if ((await single.w.c.post('/attendances', body)).status === 201) ok++;
  return ok;
});
for (const atomic of [false, true]) {
  const bulk = await world();
  await timed(`bulk of 500${atomic ? ' (atomic)' : ''}`, async () => {
    let ok = 0;
    for (let i = 0; i < count; i += 500) {
      const r = await bulk.w.c.post(`/attendances/bulk${atomic ? '?atomic=true' : ''}`, {
        items: bulk.bodies.slice(i, i + 500),
      });
      ok += r.body.results.filter((x: { status: number }) => x.status === 201).length;
    }
    return ok;
  });
}
console.log(`(${database.dialect}, ${count} bookings, in-process app.inject)`);
await app.close();
