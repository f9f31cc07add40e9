// Measured and not kept (docs/performance-archive.md, "Issue 14, third pass — reads"): the data array of a
// month-of-one-employee page built in JavaScript as the app does (compiled row query -> toAttendance ->
// fast-json-stringify of the response schema) against built as JSON text inside SQLite
// (json_group_array(json_object(…)) over the same rows). Checks byte identity on every page, then CPU per page,
// alternating which side runs first. For a tenant without gated modules, in English.
//
//   node --import tsx bench/json-page.ts data/bench/bench_small_1.db [pages per round = 3000] [rounds = 7]
import fjs from 'fast-json-stringify';
import { Type } from '@sinclair/typebox';
import { openDatabase } from '../src/db/connection.js';
import { forTenant } from '../src/db/tenant-scope.js';
import { listAttendances, toAttendance } from '../src/modules/attendances/attendances.repository.js';
import { Attendance } from '../src/modules/attendances/attendances.schemas.js';
import { label, labelIds } from '../src/values/labels.js';
import { sql } from 'kysely';

const file = process.argv[2];
const database = openDatabase({ dialect: 'sqlite', file } as any);
const k = database.db;
const tenantRow = (await k
  .selectFrom('tenants')
  .selectAll()
  .where('instance' as any, 'like', 'bench%')
  .executeTakeFirstOrThrow()) as any;
const tenant = { id: tenantRow.id, modules: new Set<string>(), language: 'en' } as any;
const db = forTenant(k, tenant.id, 'en');
const months = (
  await sql<{
    employee_id: string;
    m: string;
  }>`select distinct employee_id, substr(date,1,7) as m from attendances where tenant_id = ${tenant.id} limit 200`.execute(
    k,
  )
).rows;
const stringify = fjs(Type.Array(Attendance) as any);
const cases = (set: any, col: string) =>
  `CASE ${col} ${labelIds(set)
    .map(
      (id) =>
        `WHEN ${id} THEN ${JSON.stringify(label('en', set, id as any))
          .replace(/'/g, "''")
          .replace(/^"|"$/g, "'")}`,
    )
    .join(' ')} END`;
const ts = (c: string) =>
  `CASE WHEN ${c} IS NULL OR ${c} = '' THEN NULL ELSE substr(${c},1,10) || 'T' || substr(${c},12,8) || '.000000Z' END`;
const bool = (c: string) => `CASE WHEN ${c} IS NULL THEN NULL WHEN ${c} THEN json('true') ELSE json('false') END`;
const obj = `json_object('id', id, 'date', substr(date,1,10) || 'T00:00:00.000000Z', 'from', time_from, 'to', time_to, 'end_date', end_date,
 'employee_id', employee_id, 'duration', CASE WHEN duration = CAST(duration AS INTEGER) THEN CAST(duration AS INTEGER) ELSE duration END, 'note', note,
 'billable', ${bool('billable')}, 'work_location_id', work_location_id, 'activity_id', activity_id, 'start', start, 'destination', destination,
 'vehicle_id', vehicle_id, 'private', ${bool('private')}, 'passengers', passengers, 'km', km,
 'direction_of_travel', CASE WHEN direction_of_travel IS NULL THEN NULL ELSE json_object('id', direction_of_travel, 'name', ${cases('direction_of_travel', 'direction_of_travel')}) END,
 'project_id', project_id, 'project_task_id', project_task_id, 'invoice_item_id', invoice_item_id, 'ticket_id', ticket_id, 'subtask_id', subtask_id,
 'work_location_is_project_relevant', ${bool('work_location_is_project_relevant')}, 'is_travel', ${bool('is_travel')}, 'locked', ${bool('locked')},
 'color', color, 'created', ${ts('created')}, 'modified', ${ts('modified')})`;
const jsonSql = `select json_group_array(json(j)) as data from (select ${obj} as j from attendances where tenant_id = ? and employee_id = ? and date >= ? and date <= ? order by id limit 100)`;
const bounds = (m: string) => [`${m}-01`, `${m}-31`];
const rowsQuery = listAttendances(db, { employee_id: 'x', start_date: 'a', end_date: 'b' })
  .orderBy('id')
  .limit(100)
  .compile();
async function viaJs(e: string, m: string) {
  const [a, b] = bounds(m);
  const rows = (await k.executeQuery<any>({ ...rowsQuery, parameters: [tenant.id, e, a, b, 100] })).rows;
  return stringify(rows.map((r) => toAttendance(r as any, tenant)));
}
async function viaDb(e: string, m: string) {
  const [a, b] = bounds(m);
  const r = await k.executeQuery<{ data: string }>({
    sql: jsonSql,
    parameters: [tenant.id, e, a, b],
    query: { kind: 'RawNode' } as any,
    queryId: { queryId: 'j' } as any,
  });
  return r.rows[0].data;
}
let same = 0,
  diff = 0;
for (const { employee_id, m } of months) {
  const x = await viaJs(employee_id, m),
    y = await viaDb(employee_id, m);
  if (x === y) same++;
  else {
    if (diff++ === 0) {
      for (let i = 0; i < x.length; i++)
        if (x[i] !== y[i]) {
          console.log('first diff at', i, '\nJS:', x.slice(i - 80, i + 80), '\nDB:', y.slice(i - 80, i + 80));
          break;
        }
    }
  }
}
console.log(`byte-identical: ${same} of ${months.length} pages`);
// Why byte identity cannot hold in general: SQLite writes a REAL in JSON with 17 significant digits, JavaScript
// with the shortest that reads back. A 20-minute booking lasts 1/3 h.
const third = (await sql<{ j: string }>`select json_object('duration', 20.0 / 60) as j`.execute(k)).rows[0].j;
console.log(`a 20-minute duration: SQLite ${third}, JavaScript ${JSON.stringify({ duration: 20 / 60 })}`);
const N = Number(process.argv[3] ?? 3000);
async function run(fn: typeof viaJs) {
  const t = process.cpuUsage();
  for (let i = 0; i < N; i++) {
    const { employee_id, m } = months[i % months.length];
    await fn(employee_id, m);
  }
  const u = process.cpuUsage(t);
  return (u.user + u.system) / N;
}
for (let r = 0; r < Number(process.argv[4] ?? 3); r++) {
  const first = r % 2 === 0;
  const dbj0 = first ? 0 : await run(viaDb);
  const js = await run(viaJs);
  const dbj = first ? await run(viaDb) : dbj0;
  console.log(`round ${r + 1}: JS ${js.toFixed(0)} µs, in-database ${dbj.toFixed(0)} µs per page`);
}
await database.close();
