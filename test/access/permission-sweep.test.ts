// Every operation of the OpenAPI document, sent as each of the five roles and as a narrowed token, answers as the
// permission matrix says: no grant -> 403 naming the operation's x-permission; a grant of all rows -> never 403; a
// grant of narrower rows (own, department, controlled projects) -> 403 only where the area's row rule cannot match
// the route (docs/api/permissions.md). An operation whose area has no matrix entry fails here. Public operations
// (signing in: `security: []`) are left out. Which rows answer, with own and foreign records, is row-sweep.test.ts.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { forEachDialect, type Client } from '../support/app.js';
import { createEmployee } from '../support/people.js';
import { createToken } from '../../src/tenancy/tokens.js';
import { MODULES } from '../../src/tenancy/tenants.js';
import { MATRIX } from '../../src/access/matrix.js';
import { ROLES, type Role } from '../../src/access/roles.js';

const METHODS = ['get', 'post', 'put', 'patch', 'delete'] as const;

interface Operation {
  method: string;
  path: string;
  permission: string;
}

/** A path with every parameter filled by a value that names no record (the matrix decides before any lookup). */
const concrete = (path: string, parameters: any[]) =>
  path.replace(/\{(\w+)\}/g, (_m, name: string) => {
    const p = parameters.find((x) => x.name === name);
    const type = p?.schema?.type ?? (p?.$ref ? 'string' : 'string');
    return type === 'integer' ? '987654' : 'no-such-record';
  });

forEachDialect('permission sweep over every operation', (t) => {
  async function operations(): Promise<Operation[]> {
    const doc = JSON.parse((await t().inject({ method: 'GET', url: '/openapi/full.json' })).text);
    const ops: Operation[] = [];
    for (const [path, item] of Object.entries<any>(doc.paths)) {
      const shared = (item.parameters ?? []).map((p: any) =>
        p.$ref ? doc.components.parameters[p.$ref.split('/').pop()] : p,
      );
      for (const method of METHODS) {
        const op = item[method];
        // Signing in (security: []) needs no credential and no permission.
        if (!op || (Array.isArray(op.security) && op.security.length === 0)) continue;
        assert.ok(op['x-permission'], `${method} ${path} names no permission`);
        ops.push({ method, path: concrete(path, shared), permission: op['x-permission'] });
      }
    }
    assert.ok(ops.length > 250, `only ${ops.length} operations`);
    return ops;
  }

  async function personal(c: Client, rights: number, scopes?: string[]) {
    const e = await createEmployee(c, { rights });
    const { token } = await createToken(t().database.db, c.tenant.id, { employeeId: e.username, scopes });
    return t().client(c.tenant, token);
  }

  const send = (client: Client, op: Operation) =>
    client.request(op.method.toUpperCase(), op.path, op.method === 'get' || op.method === 'delete' ? undefined : {});

  test('each role gets exactly the matrix on every operation', async () => {
    const c = await t().tenant({ modules: [...MODULES] });
    const ops = await operations();
    const wrong: string[] = [];
    for (const role of ROLES) {
      const client = await personal(c, ROLES.indexOf(role));
      for (const op of ops) {
        const [area, action] = op.permission.split(':') as [string, 'read' | 'write'];
        assert.ok(area in MATRIX, `${op.permission}: the area ${area} has no entry in src/access/matrix.ts`);
        const grant = MATRIX[area][role as Role]?.[action];
        const r = await send(client, op);
        const where = `${role} ${op.method.toUpperCase()} ${op.path} -> ${r.status} ${r.text.slice(0, 120)}`;
        if (r.status >= 500) wrong.push(`${where} (server error)`);
        else if (grant === undefined && (r.status !== 403 || r.body.required !== op.permission))
          wrong.push(`${where} (expected 403 ${op.permission})`);
        else if (grant === 'all' && r.status === 403) wrong.push(`${where} (granted all rows)`);
        else if (grant !== 'all' && r.status === 403 && !String(r.body.required).startsWith(area))
          wrong.push(`${where} (${grant} rows: a refusal must name the area)`);
      }
    }
    assert.deepEqual(wrong, []);
  });

  test('a token narrowed to one area is refused everywhere else, naming the permission', async () => {
    const c = await t().tenant({ modules: [...MODULES] });
    const ops = await operations();
    const admin = await personal(c, 1, ['departments:read']);
    const service = t().client(
      c.tenant,
      (await createToken(t().database.db, c.tenant.id, { scopes: ['departments:read'] })).token,
    );
    const wrong: string[] = [];
    for (const client of [admin, service]) {
      for (const op of ops) {
        const r = await send(client, op);
        const allowed = op.permission === 'departments:read';
        if (allowed ? r.status === 403 : r.status !== 403 || r.body.required !== op.permission)
          wrong.push(`${op.method.toUpperCase()} ${op.path} -> ${r.status} ${r.text.slice(0, 100)}`);
      }
    }
    assert.deepEqual(wrong, []);
  });
});
