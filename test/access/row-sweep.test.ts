// Rows swept over the OpenAPI document (docs/api/permissions.md): on a demo tenant with everyone's records, a person
// of each role with narrower grants than all rows reads every list and record the document offers. A list holds
// exactly the rows their grant reaches (meta.total counting only those), a record outside them is 404, and nothing
// below another person's record answers 2xx. An operation whose area has no matrix entry fails here too.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { Kysely } from 'kysely';
import { forEachDialect, uniqueName, type Client } from '../support/app.js';
import { createDemoTenantAs } from '../../src/demo/index.js';
import { createToken } from '../../src/tenancy/tokens.js';
import { MATRIX, type Rows } from '../../src/access/matrix.js';
import { ROLES } from '../../src/access/roles.js';
import { CONTROLLING_ASSIGNMENT_TYPES } from '../../src/access/rows.js';

const ME = 'max.mustermann';
const LIMIT = 200;

interface Read {
  path: string;
  area: string;
}

/** The document's GET operations: collections (no path parameter) and what lies below one of their records. */
function reads(doc: any): { lists: Read[]; below: Read[] } {
  const lists: Read[] = [];
  const below: Read[] = [];
  for (const [path, item] of Object.entries<any>(doc.paths)) {
    const op = item.get;
    if (!op || (Array.isArray(op.security) && op.security.length === 0)) continue;
    const [area, action] = String(op['x-permission']).split(':');
    assert.equal(action, 'read', `GET ${path} names ${op['x-permission']}`);
    assert.ok(area! in MATRIX, `GET ${path}: the area ${area} has no entry in src/access/matrix.ts`);
    (path.includes('{') ? below : lists).push({ path, area: area! });
  }
  return { lists, below };
}

forEachDialect('rows swept over every list and record', (t) => {
  test('each role with narrower rows sees exactly its rows: lists filtered, foreign records 404', async () => {
    const { tenant, token } = await createDemoTenantAs(t().database.db, t().dialect, uniqueName('rows'));
    const service = t().client(tenant, token);
    const db = t().database.db as Kysely<any>;
    const doc = (await t().inject({ method: 'GET', url: '/openapi/full.json' })).body;
    const { lists, below } = reads(doc);

    // Max leads one project and works on another; a colleague moves to another department.
    const projects = (await service.get('/projects?limit=200')).body.data.map((p: any) => p.id as number);
    assert.ok(projects.length >= 3, 'the demo has three projects');
    for (const [project, type] of [
      [projects[0], '1'],
      [projects[1], '0'],
    ] as const) {
      const r = await service.post(`/projects/${project}/employees`, { employee_id: ME, type });
      assert.ok(r.status === 201 || r.status === 422, r.text);
      if (r.status === 422)
        await db
          .updateTable('project_assignments')
          .set({ type })
          .where('tenant_id', '=', tenant.id)
          .where('project_id', '=', project)
          .where('employee_id', '=', ME)
          .execute();
    }
    // … and is not assigned to a third one.
    await db
      .deleteFrom('project_assignments')
      .where('tenant_id', '=', tenant.id)
      .where('project_id', '=', projects[2])
      .where('employee_id', '=', ME)
      .execute();
    for (const employee of [ME, "o'brien.j"]) {
      const closed = await service.post('/month-closings', { month: '2019-12', employee_id: employee });
      assert.equal(closed.status, 201, closed.text);
    }
    const elsewhere = await service.post('/departments', { name: 'Elsewhere' });
    assert.equal(elsewhere.status, 201, elsewhere.text);
    const moved = await service.patch(`/employees/${encodeURIComponent("o'brien.j")}`, {
      department_id: elsewhere.body.data.id,
    });
    assert.equal(moved.status, 200, moved.text);

    const scoped = (q: any) => q.where('tenant_id', '=', tenant.id);
    const assignments = await scoped(db.selectFrom('project_assignments').select(['project_id', 'type']))
      .where('employee_id', '=', ME)
      .execute();
    const assigned = new Set(assignments.map((a: any) => Number(a.project_id)));
    const controlled = new Set(
      assignments
        .filter((a: any) => (CONTROLLING_ASSIGNMENT_TYPES as readonly string[]).includes(String(a.type)))
        .map((a: any) => Number(a.project_id)),
    );
    const mine = await scoped(db.selectFrom('employees').select('department_id')).where('username', '=', ME).execute();
    const department = new Set(
      (
        await scoped(db.selectFrom('employees').select('username'))
          .where('department_id', '=', mine[0].department_id)
          .execute()
      ).map((e: any) => e.username as string),
    );
    assert.ok(!department.has("o'brien.j"));

    /** Whether a record of `area` is among the rows `rows` reach; undefined when its shape names no owner. */
    const reaches = (path: string, rows: Rows, item: any): boolean | undefined => {
      if (path === '/projects') return assigned.has(Number(item.id));
      // An employee record names its owner by `username`, every other record by `employee_id`.
      const owner = 'employee_id' in item ? item.employee_id : item.username;
      if (owner === undefined) return undefined;
      if (owner === ME) return true;
      if (rows === 'department') return department.has(owner);
      if (rows === 'controlled') return controlled.has(Number(item.project_id));
      return false;
    };

    const { token: personal } = await createToken(t().database.db, tenant.id, { employeeId: ME });
    const me: Client = t().client(tenant, personal);
    const wrong: string[] = [];
    let judged = 0;
    const unjudged = new Set<string>();
    const judgedLists = new Set<string>();
    let sampled = 0;
    for (const role of ROLES) {
      await db
        .updateTable('employees')
        .set({ rights: ROLES.indexOf(role) })
        .where('tenant_id', '=', tenant.id)
        .where('username', '=', ME)
        .execute();
      const rowsOf = (area: string) => MATRIX[area]![role]?.read;
      const narrow = (area: string) => rowsOf(area) !== undefined && rowsOf(area) !== 'all';
      /** Records of each collection the service token lists, by collection path. */
      const listed = new Map<string, any[]>();
      for (const { path, area } of lists) {
        const all = await service.get(`${path}?limit=${LIMIT}`);
        if (all.status !== 200 || !Array.isArray(all.body.data)) continue;
        // Every page of it: the reached rows are counted over the whole list.
        for (let page = 2; all.body.meta && all.body.data.length < all.body.meta.total && page <= 20; page++)
          all.body.data.push(...(await service.get(`${path}?limit=${LIMIT}&page=${page}`)).body.data);
        listed.set(path, all.body.data);
        if (!narrow(area)) continue;
        const rows = rowsOf(area)!;
        const r = await me.get(`${path}?limit=${LIMIT}`);
        const where = `${role} GET ${path}`;
        if (r.status !== 200) {
          // Only a route the area's rule does not cover may refuse, naming the area.
          if (r.status !== 403 || !String(r.body.required).startsWith(area))
            wrong.push(`${where} -> ${r.status} ${r.text.slice(0, 120)}`);
          continue;
        }
        if (all.body.data.some((item: any) => reaches(path, rows, item) === undefined)) {
          unjudged.add(`GET ${path}`);
          continue;
        }
        const outside = r.body.data.filter((item: any) => reaches(path, rows, item) === false);
        if (outside.length) wrong.push(`${where}: ${outside.length} rows outside ${rows} rows`);
        const expected = all.body.data.filter((item: any) => reaches(path, rows, item) !== false);
        const total = r.body.meta?.total ?? r.body.data.length;
        // meta.total counts exactly the reached rows.
        if (total !== expected.length) wrong.push(`${where}: total ${total}, reached rows ${expected.length}`);
        judged += all.body.data.length;
        judgedLists.add(`${role} ${path} (${total} of ${all.body.meta?.total ?? all.body.data.length})`);
      }
      // A record outside the rows is 404; one inside answers; nothing below another's record answers 2xx.
      for (const { path, area } of below) {
        const m = /^(.*?)\/\{(\w+)\}(.*)$/.exec(path)!;
        const [, parent, param, rest] = m as unknown as [string, string, string, string];
        const records = listed.get(parent);
        if (!records || !narrow(area)) continue;
        const parentArea = lists.find((l) => l.path === parent)!.area;
        const rows = rowsOf(parentArea) ?? 'own';
        const sample = [
          ...records.filter((x) => reaches(parent, rows, x) === false).slice(0, 3),
          ...records.filter((x) => reaches(parent, rows, x) === true).slice(0, 3),
        ];
        for (const record of sample) {
          const key = record[param] ?? record.id;
          if (key === undefined || key === null) continue;
          const url = `${parent}/${encodeURIComponent(String(key))}${rest.replace(/\{\w+\}/g, '987654')}`;
          const r = await me.get(url);
          sampled++;
          const inside = reaches(parent, rows, record);
          const where = `${role} GET ${url} (${inside ? 'reached' : 'foreign'} record)`;
          if (r.status >= 500) wrong.push(`${where} -> ${r.status}`);
          else if (parentArea !== area) {
            // Another area's answer below the record (a project's plan-vs-actual): its rows are that area's.
            const items = r.status === 200 && Array.isArray(r.body.data) ? r.body.data : [];
            const project = parent === '/projects' ? { project_id: key } : {};
            const outside = items.filter((x: any) => reaches('', rowsOf(area)!, { ...project, ...x }) === false);
            if (outside.length) wrong.push(`${where}: ${outside.length} rows outside ${rowsOf(area)} rows`);
          } else if (!inside && r.status < 300) wrong.push(`${where} -> ${r.status}: another's record answered`);
          else if (!inside && rest === '' && r.status !== 404) wrong.push(`${where} -> ${r.status}, expected 404`);
          else if (inside && rest === '' && r.status !== 200)
            wrong.push(`${where} -> ${r.status} ${r.text.slice(0, 120)}, expected 200`);
        }
      }
    }
    assert.ok(judged > 100, `only ${judged} rows judged`);
    process.stderr.write(
      `[row sweep ${t().dialect}] lists: ${[...judgedLists].join(', ')}; ${sampled} records and what lies below them; ` +
        `lists whose rows name no owner: ${[...unjudged].join(', ') || 'none'}\n`,
    );
    assert.deepEqual(wrong, []);
  });
});
