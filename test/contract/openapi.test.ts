// OpenAPI 3.1 generated from the route schemas, one document per edition, the tenant's own document,
// and the interactive reference at /docs.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';
import { forEachDialect, type TestContext } from '../support/app.js';
import { dereference } from './support/openapi.js';

const METHODS = ['get', 'post', 'put', 'patch', 'delete'];
const MASTER_DATA = [
  '/absence-reasons',
  '/absence-reasons/{name}',
  '/activities',
  '/activities/{activity}',
  '/categories',
  '/categories/{name}',
  '/departments',
  '/departments/{id}',
  '/departments/{id}/children',
  '/dynamic-attributes',
  '/dynamic-attributes/{id}',
];

// The document's size is guarded per operation, so a new resource does not trip it and bloat still does. At 324
// operations the full document is 470,703 bytes: 1,453 per operation, components included. A new resource brings
// its operations and their components at about that rate; bloat (an answer, parameter or schema inlined instead of
// named once, text copied into every operation) raises the rate for the whole document. The ceilings leave ~6%
// (~30 KB at today's size) and, for one operation, ~45% over today's largest (GET /plannings, 2,073 bytes with its
// list filters): an operation that inlines a schema goes over it. At 341 operations (2026-11-28) it is 534,167
// bytes, 1,566 per operation: every record type now carries `created_by`/`modified_by` (named once, $ref'd from ~50
// record schemas) and the report operations have a dozen filters each — fields, not bloat; the ceiling moved by the
// same ~6%.
const BYTES_PER_OPERATION = 1_650;
const ONE_OPERATION_BYTES = 3_000;
/** Long descriptions repeated verbatim (a Create and an Update body's enumerations) cost ~0.4% today. */
const REPEATED_DESCRIPTIONS_SHARE = 0.01;
const get = async (t: () => TestContext, url: string) => t().inject({ method: 'GET', url });
const operations = (doc: any) =>
  Object.entries(doc.paths as Record<string, any>).flatMap(([path, ops]) =>
    Object.entries(ops)
      .filter(([m]) => METHODS.includes(m))
      .map(([method, op]) => ({ path, method, op: op as any })),
  );

forEachDialect('openapi', (t) => {
  test('/openapi/full.json is OpenAPI 3.1 with paths relative to the server URL /{instance}/next/api/v1', async () => {
    const r = await get(t, '/openapi/full.json');
    assert.equal(r.status, 200);
    assert.match(String(r.headers['content-type']), /^application\/json/);
    const doc = r.body;
    assert.equal(doc.openapi, '3.1.0');
    assert.deepEqual(
      doc.servers.map((s: any) => s.url),
      ['http://localhost:80/{instance}/next/api/v1'],
    );
    assert.ok(doc.servers[0].variables.instance.default);
    for (const p of MASTER_DATA) assert.ok(doc.paths[p], `missing ${p}`);
    for (const p of Object.keys(doc.paths))
      assert.doesNotMatch(p, /next\/api|\{instance\}|^\/(openapi|docs|healthz|readyz|metrics)/, p);
    const { description, ...bearer } = doc.components.securitySchemes.bearerAuth;
    assert.deepEqual(bearer, { type: 'http', scheme: 'bearer' });
    assert.match(description, /x-permission/);
    const { description: cookieText, ...cookie } = doc.components.securitySchemes.cookieAuth;
    assert.deepEqual(cookie, { type: 'apiKey', in: 'cookie', name: 'zk_session' });
    assert.match(cookieText, /X-CSRF-Token/);
    assert.deepEqual(doc.security, [{ bearerAuth: [] }, { cookieAuth: [] }]);
    // Signing in is the one operation without a credential.
    assert.deepEqual(doc.paths['/sessions'].post.security, []);
  });

  test('every operation has a summary, tags and 401/422 responses; writes document 403; no instance parameter', async () => {
    const doc = dereference((await get(t, '/openapi/full.json')).body);
    const ops = operations(doc);
    assert.ok(ops.length >= 30, `only ${ops.length} operations`);
    for (const { path, method, op } of ops) {
      const where = `${method.toUpperCase()} ${path}`;
      assert.ok(typeof op.summary === 'string' && op.summary.length > 0, `${where}: summary`);
      assert.ok(Array.isArray(op.tags) && op.tags.length > 0, `${where}: tags`);
      for (const status of ['401', '422']) assert.ok(op.responses[status], `${where}: ${status}`);
      // Signing in (security: []) checks no permission.
      if (method !== 'get' && op.security?.length !== 0) assert.ok(op.responses['403'], `${where}: 403`);
      assert.ok(!(op.parameters ?? []).some((p: any) => p.name === 'instance'), `${where}: instance parameter`);
      for (const name of path.match(/\{(\w+)\}/g) ?? []) {
        assert.ok(
          op.parameters.some((p: any) => p.in === 'path' && `{${p.name}}` === name),
          `${where}: path parameter ${name}`,
        );
      }
    }
  });

  test('list operations document the list parameters and the paginated envelope', async () => {
    const doc = dereference((await get(t, '/openapi/full.json')).body);
    const list = doc.paths['/departments'].get;
    const names = list.parameters.filter((p: any) => p.in === 'query').map((p: any) => p.name);
    for (const n of [
      'page',
      'limit',
      'perPage',
      'orderBy',
      'order',
      'modified_after',
      'modified_before',
      'start_date',
      'end_date',
    ])
      assert.ok(names.includes(n), n);
    const schema = list.responses['200'].content['application/json'].schema;
    assert.deepEqual(Object.keys(schema.properties), ['data', 'links', 'meta']);
    assert.deepEqual(Object.keys(schema.properties.meta.properties), [
      'current_page',
      'from',
      'last_page',
      'links',
      'path',
      'per_page',
      'to',
      'total',
    ]);
  });

  test('every PATCH route also appears as PUT with the same request body', async () => {
    const doc = (await get(t, '/openapi/full.json')).body;
    const patches = operations(doc).filter((o) => o.method === 'patch');
    assert.ok(patches.length >= 5);
    for (const { path, op } of patches) {
      const put = doc.paths[path].put;
      assert.ok(put, `PUT ${path}`);
      assert.deepEqual(put.requestBody, op.requestBody, path);
    }
  });

  test('/openapi/clock.json lacks the full-only routes and has nothing the full document lacks', async () => {
    const full = (await get(t, '/openapi/full.json')).body;
    const clock = (await get(t, '/openapi/clock.json')).body;
    assert.equal(clock.openapi, '3.1.0');
    assert.match(clock.info.title, /clock/);
    for (const p of MASTER_DATA) assert.equal(clock.paths[p], undefined, p);
    for (const { path, method } of operations(clock))
      assert.ok(full.paths[path]?.[method], `${method} ${path} only on clock`);
  });

  test("/{instance}/next/api/v1/openapi.json returns the tenant's edition document (authenticated)", async () => {
    const full = await t().tenant();
    const clock = await t().tenant({ edition: 'clock' });
    const f = await full.get('/openapi.json');
    assert.equal(f.status, 200);
    assert.deepEqual(f.body.servers, [
      { url: `http://localhost:80/${full.tenant.instance}/next/api/v1`, description: `Tenant ${full.tenant.instance}` },
    ]);
    // Routes of modules the tenant lacks (x-module) are left out of its document.
    const ungated = (doc: any) => [
      ...new Set(
        operations(doc)
          .filter(({ op }) => !op['x-module'])
          .map(({ path }) => path),
      ),
    ];
    const fullDoc = (await get(t, '/openapi/full.json')).body;
    assert.deepEqual(Object.keys(f.body.paths), ungated(fullDoc));
    assert.ok(
      Object.keys(fullDoc.paths).includes('/attendances/{id}/release'),
      'the full document lists module-gated routes',
    );
    const withModule = await t().tenant({ modules: ['project_release'] });
    assert.ok(Object.keys((await withModule.get('/openapi.json')).body.paths).includes('/attendances/{id}/release'));
    const c = await clock.get('/openapi.json');
    assert.equal(c.status, 200);
    assert.deepEqual(Object.keys(c.body.paths), Object.keys((await get(t, '/openapi/clock.json')).body.paths));
    const anonymous = await get(t, `/${full.tenant.instance}/next/api/v1/openapi.json`);
    assert.equal(anonymous.status, 401);
  });

  test('/docs serves the interactive API reference (HTML) backed by the full document', async () => {
    let r = await get(t, '/docs');
    for (let hops = 0; r.status >= 300 && r.status < 400 && hops < 5; hops++)
      r = await get(t, String(r.headers.location));
    assert.equal(r.status, 200);
    assert.match(String(r.headers['content-type']), /^text\/html/);
    assert.match(r.text, /swagger-ui|<html/i);
    const json = await get(t, '/docs/json');
    assert.equal(json.status, 200);
    assert.deepEqual(Object.keys(json.body.paths), Object.keys((await get(t, '/openapi/full.json')).body.paths));
  });
});

// A document integrators can use.
forEachDialect('openapi: named schemas, operationIds, tags', (t) => {
  test('resources are named component schemas referenced by $ref; every $ref resolves', async () => {
    const doc = (await get(t, '/openapi/full.json')).body;
    for (const name of ['Customer', 'Attendance', 'Employee', 'ListMeta', 'ListLinks', 'Error', 'ValidationError'])
      assert.ok(doc.components.schemas[name], name);
    assert.deepEqual(doc.paths['/customers/{customer}'].get.responses['200'], {
      $ref: '#/components/responses/CustomerResponse',
    });
    const detail = doc.components.responses.CustomerResponse.content['application/json'].schema;
    assert.deepEqual(detail, { $ref: '#/components/schemas/CustomerResponse' });
    assert.deepEqual(doc.components.schemas.CustomerResponse.properties.data, {
      $ref: '#/components/schemas/Customer',
    });
    const page =
      doc.components.schemas[
        doc.paths['/attendances'].get.responses['200'].content['application/json'].schema.$ref.split('/').pop()
      ];
    assert.deepEqual(page.properties.meta, { $ref: '#/components/schemas/ListMeta' });
    const refs = [...JSON.stringify(doc).matchAll(/"\$ref":"#\/([^"]+)"/g)].map((m) => m[1]!);
    assert.ok(refs.length > 100);
    for (const ref of new Set(refs))
      assert.ok(
        ref.split('/').reduce((o: any, k) => o?.[k], doc),
        `unresolved ${ref}`,
      );
    assert.equal(JSON.stringify(dereference(doc)).includes('$ref'), false);
  });

  test('every operation has a unique operationId in the list/get/create/update/replace/delete pattern', async () => {
    const doc = (await get(t, '/openapi/full.json')).body;
    const ids = operations(doc).map(({ op }) => op.operationId);
    assert.ok(
      ids.every((id) => typeof id === 'string' && /^[a-z][A-Za-z0-9]*$/.test(id)),
      'camelCase operationIds',
    );
    assert.equal(new Set(ids).size, ids.length, 'unique');
    assert.deepEqual(
      ids.filter((id) => /[0-9]$/.test(id)),
      [],
      'no operationId ends in a digit (a collision numbered)',
    );
    assert.equal(doc.paths['/planning'].get.operationId, 'getPlanningDeprecated');
    assert.equal(doc.paths['/invoices/{invoice_number}/items'].get.operationId, 'listInvoiceItemsByInvoiceNumber');
    const customers = Object.fromEntries(['get', 'post'].map((m) => [m, doc.paths['/customers'][m].operationId]));
    assert.deepEqual(customers, { get: 'listCustomers', post: 'createCustomer' });
    const one = doc.paths['/customers/{customer}'];
    assert.deepEqual(
      [one.get, one.patch, one.put, one.delete].map((o: any) => o.operationId),
      ['getCustomer', 'updateCustomer', 'replaceCustomer', 'deleteCustomer'],
    );
    assert.equal(doc.paths['/employees/{username}/transponders'].get.operationId, 'listEmployeeTransponders');
    assert.equal(doc.paths['/project-statuses/{name}'].get.operationId, 'getProjectStatus');
    assert.equal(doc.paths['/departments/{id}/children'].get.operationId, 'listDepartmentChildren');
  });

  test('tags are declared with descriptions; responses say what they are; errors are closed schemas; license', async () => {
    const r = await get(t, '/openapi/full.json');
    const doc = r.body;
    const declared = new Map(doc.tags.map((tag: any) => [tag.name, tag.description]));
    for (const { op } of operations(doc))
      for (const tag of op.tags) assert.ok(declared.get(tag), `tag ${tag} declared with a description`);
    assert.doesNotMatch(r.text, /Default Response/);
    assert.equal(doc.components.schemas.Error.additionalProperties, false);
    assert.equal(doc.components.schemas.ValidationError.additionalProperties, false);
    assert.ok(doc.components.responses.TooManyRequests.headers['Retry-After']);
    const pkg = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8'));
    assert.equal(doc.info.license.name, pkg.license);
  });

  test('shared answers, headers and list parameters are components used by $ref; the full document stays small', async () => {
    const r = await get(t, '/openapi/full.json');
    const doc = r.body;
    const shared = ['401', '403', '404', '409', '412', '429', '304'];
    for (const { path, method, op } of operations(doc)) {
      for (const status of shared)
        if (op.responses[status]) assert.ok(op.responses[status].$ref, `${method} ${path} ${status} inline`);
      for (const p of op.parameters ?? []) {
        const name = p.$ref?.split('/').pop() ?? p.name;
        assert.ok(
          p.$ref ||
            !['page', 'perPage', 'orderBy', 'order', 'Idempotency-Key', 'If-Match', 'If-None-Match'].includes(name),
          `${method} ${path} ${name} inline`,
        );
      }
    }
    // Path parameters on the path item; small schemas many properties repeat named once; titles only as keys.
    assert.deepEqual(doc.paths['/customers/{customer}'].parameters, [
      { $ref: '#/components/parameters/path.customer' },
    ]);
    assert.equal(
      doc.paths['/customers/{customer}'].get.parameters.some(
        (p: any) => p.$ref === '#/components/parameters/path.customer',
      ),
      false,
    );
    assert.deepEqual(doc.components.schemas.Customer.properties.created, {
      $ref: '#/components/schemas/NullableDateTime',
    });
    assert.equal(doc.components.schemas.Customer.title, undefined);
    const descriptions = [...r.text.matchAll(/"description":"((?:[^"\\]|\\.){60,})"/g)].map((m) => m[1]);
    const repeated = descriptions.filter((d, i) => descriptions.indexOf(d) !== i && d.length > 80);
    // Asks for under 250 KB; with 322 operations the document was 458,581 bytes, and cannot reach 256,000 without
    // dropping answers or parameters: the paths alone, with every response and parameter component named by one
    // character, would be ~237 KB (scripts/openapi-size.ts; docs/performance-archive.md, "OpenAPI size, third
    // pass"). The ceilings above keep it from growing back faster than its operations. The repeated long
    // descriptions are properties a Create and an Update body both carry (enumerations that also take the name,
    // absence and planning times).
    const bytes = Buffer.byteLength(r.text);
    const repeatedBytes = repeated.reduce((sum, d) => sum + Buffer.byteLength(d), 0);
    assert.ok(
      repeatedBytes <= bytes * REPEATED_DESCRIPTIONS_SHARE,
      `long descriptions repeated (${repeatedBytes} bytes): ${[...new Set(repeated)].slice(0, 5).join(' | ')}`,
    );
    const ops = operations(doc);
    assert.ok(
      bytes / ops.length < BYTES_PER_OPERATION,
      `full document ${bytes} bytes for ${ops.length} operations: ${Math.round(bytes / ops.length)} per operation`,
    );
    for (const { path, method, op } of ops) {
      const size = Buffer.byteLength(JSON.stringify(op));
      assert.ok(size < ONE_OPERATION_BYTES, `${method.toUpperCase()} ${path}: ${size} bytes`);
    }
  });

  test('optional query parameters carry no example values (a "Try it out" would send them as filters)', async () => {
    const doc = dereference((await get(t, '/openapi/full.json')).body);
    for (const { path, method, op } of operations(doc)) {
      for (const p of op.parameters ?? []) {
        if (p.required) continue;
        assert.ok(
          p.example === undefined && p.examples === undefined && p.schema?.examples === undefined,
          `${method} ${path} ${p.name}`,
        );
      }
    }
  });

  test('the server URL is absolute for the serving host', async () => {
    const r = await t().inject({
      method: 'GET',
      url: '/openapi/clock.json',
      headers: { host: 'time.example.org:8443' },
    });
    assert.equal(r.body.servers[0].url, 'http://time.example.org:8443/{instance}/next/api/v1');
  });
});
