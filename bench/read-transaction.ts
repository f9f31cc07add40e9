// Measured and not kept (docs/performance-archive.md, "Issue 14, third pass — reads"): what one read
// transaction saves at the driver itself. Eight small prepared SELECTs (a customer detail runs 8–9) in autocommit,
// each taking and dropping SQLite's WAL read lock, against the same eight inside BEGIN … COMMIT. CPU per request.
//
//   node bench/read-transaction.ts data/bench/bench_small_1.db      (Node 24 strips the types)
import { DatabaseSync, type StatementSync } from 'node:sqlite';

const db = new DatabaseSync(process.argv[2]);
db.exec('PRAGMA journal_mode = WAL');
const tenant = (db.prepare('select id from tenants limit 1').get() as { id: number }).id;
const statements: StatementSync[] = [
  'select * from customers where tenant_id = ? limit 1',
  'select * from customer_addresses where tenant_id = ? limit 5',
  'select * from employees where tenant_id = ? limit 3',
  'select * from categories where tenant_id = ? limit 3',
  'select id from projects where tenant_id = ? limit 3',
  'select id from activities where tenant_id = ? limit 3',
  'select id from attendances where tenant_id = ? limit 3',
  'select id from customers where tenant_id = ? limit 2',
].map((text) => db.prepare(text));
const begin = db.prepare('begin');
const commit = db.prepare('commit');
const N = 20_000;
const autocommit = () => statements.forEach((s) => s.all(tenant));
const oneTransaction = () => {
  begin.run();
  autocommit();
  commit.run();
};
for (let round = 0; round < 3; round++) {
  for (const [name, request] of [
    ['autocommit', autocommit],
    ['one transaction', oneTransaction],
  ] as const) {
    const start = process.cpuUsage();
    for (let i = 0; i < N; i++) request();
    const used = process.cpuUsage(start);
    console.log(`${name}: ${((used.user + used.system) / N).toFixed(1)} µs per 8 statements`);
  }
}
db.close();
