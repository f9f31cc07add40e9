// Route schemas are compiled on first use (src/http/lazy-compilers.ts). The same routes on a Fastify with the default
// compilers and on one with the lazy ones answer byte for byte alike: header names in any case, coercion, defaults,
// removed properties, error messages (Ajv's `.errors` forwarded), serialization; and nothing compiles at start.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import Fastify from 'fastify';
import { lazySchemaCompilers } from '../../src/http/lazy-compilers.js';
import { forEachDialect } from '../support/app.js';

const ajv = {
  customOptions: {
    allErrors: true,
    allowUnionTypes: true,
    coerceTypes: 'array' as const,
    removeAdditional: true as const,
    useDefaults: true,
  },
};

function build(lazy: boolean) {
  const app = Fastify({ ajv, ...(lazy ? { schemaController: lazySchemaCompilers() } : {}) });
  app.post(
    '/things/:id',
    {
      schema: {
        headers: {
          type: 'object',
          required: ['X-Tenant-Key'],
          properties: { 'X-Tenant-Key': { type: 'string', minLength: 3 } },
        },
        params: { type: 'object', properties: { id: { type: 'integer' } } },
        querystring: {
          type: 'object',
          properties: { tags: { type: 'array', items: { type: 'string' } }, n: { type: 'integer', default: 7 } },
        },
        body: {
          type: 'object',
          required: ['name'],
          additionalProperties: false,
          properties: { name: { type: 'string', maxLength: 5 }, size: { type: 'number', default: 1 } },
        },
        response: {
          200: {
            type: 'object',
            properties: {
              id: { type: 'integer' },
              query: { type: 'object', additionalProperties: true },
              body: { type: 'object', additionalProperties: true },
              key: { type: 'string' },
            },
          },
        },
      },
    },
    async (request) => ({
      id: (request.params as any).id,
      query: request.query,
      body: request.body,
      key: request.headers['x-tenant-key'],
      secret: 'not serialized',
    }),
  );
  return app;
}

const requests = [
  { headers: { 'x-tenant-key': 'abcd' }, url: '/things/12?tags=a&n=3', payload: { name: 'ok', extra: true } },
  { headers: { 'X-TENANT-KEY': 'abcd' }, url: '/things/12?tags=a&tags=b', payload: { name: 'ok' } },
  { headers: {}, url: '/things/12', payload: { name: 'ok' } },
  { headers: { 'x-tenant-key': 'ab' }, url: '/things/12', payload: { name: 'ok' } },
  { headers: { 'x-tenant-key': 'abcd' }, url: '/things/x', payload: { name: 'ok' } },
  { headers: { 'x-tenant-key': 'abcd' }, url: '/things/1?n=many', payload: { name: 'toolong', size: 'big' } },
  { headers: { 'x-tenant-key': 'abcd' }, url: '/things/1', payload: {} },
];

test('lazy route compilers answer exactly as the default compilers', async () => {
  const eager = build(false);
  const lazy = build(true);
  await Promise.all([eager.ready(), lazy.ready()]);
  try {
    for (const round of [1, 2]) {
      for (const r of requests) {
        const [a, b] = await Promise.all([
          eager.inject({ method: 'POST', ...r }),
          lazy.inject({ method: 'POST', ...r }),
        ]);
        assert.equal(b.statusCode, a.statusCode, `round ${round} ${r.url}`);
        assert.equal(b.body, a.body, `round ${round} ${r.url}`);
      }
    }
    // Sanity: the cases above cover both answers, and header names are matched in any case.
    const ok = await lazy.inject({ method: 'POST', ...requests[1] });
    assert.equal(ok.statusCode, 200);
    assert.deepEqual(ok.json(), {
      id: 12,
      query: { tags: ['a', 'b'], n: 7 },
      body: { name: 'ok', size: 1 },
      key: 'abcd',
    });
    const bad = await lazy.inject({ method: 'POST', ...requests[5] });
    assert.equal(bad.statusCode, 400);
    assert.equal(bad.json().message, 'body/name must NOT have more than 5 characters, body/size must be number');
  } finally {
    await Promise.all([eager.close(), lazy.close()]);
  }
});

test('Ajv compiles nothing at start with the lazy compilers, each schema once on first use', async () => {
  const counts = { eager: 0, lazy: 0 };
  const apps = (['eager', 'lazy'] as const).map((kind) => {
    const onCreate = (instance: any) => {
      const compile = instance.compile.bind(instance);
      instance.compile = (schema: unknown) => (counts[kind]++, compile(schema));
    };
    const app = Fastify({
      ajv: { ...ajv, onCreate } as typeof ajv,
      ...(kind === 'lazy' ? { schemaController: lazySchemaCompilers() } : {}),
    });
    app.get(
      '/a',
      { schema: { querystring: { type: 'object', properties: { n: { type: 'integer' } } } } },
      async () => 'a',
    );
    app.get(
      '/b',
      { schema: { querystring: { type: 'object', properties: { m: { type: 'integer' } } } } },
      async () => 'b',
    );
    return app;
  });
  const [eager, lazy] = apps;
  await Promise.all(apps.map((app) => app.ready()));
  try {
    assert.ok(counts.eager >= 2, `eager compiled ${counts.eager}`);
    assert.equal(counts.lazy, 0);
    for (const url of ['/a?n=1', '/a?n=x', '/a?n=2'])
      assert.equal((await lazy.inject(url)).statusCode, (await eager.inject(url)).statusCode);
    assert.equal(counts.lazy, 1);
  } finally {
    await Promise.all(apps.map((app) => app.close()));
  }
});

test('a schema that cannot compile fails its route, not the start; compileAll() reports it', async () => {
  const controller = lazySchemaCompilers();
  const app = Fastify({ schemaController: controller });
  app.get(
    '/v',
    { schema: { querystring: { type: 'object', properties: { n: { type: 'nonsense' } } } } },
    async () => 'v',
  );
  await app.ready();
  try {
    assert.equal((await app.inject('/v')).statusCode, 500);
    assert.equal((await app.inject('/v')).statusCode, 500);
    assert.throws(() => controller.compileAll(), /nonsense/);
  } finally {
    await app.close();
  }
});

forEachDialect('every route schema of the app compiles', (ctx) => {
  test('app.zk.compileSchemas() compiles all validators and serializers without an error; a second call has none left', () => {
    const compiled = ctx().app.zk.compileSchemas();
    assert.ok(compiled > 1000, `compiled ${compiled}`);
    assert.equal(ctx().app.zk.compileSchemas(), 0);
  });
});
