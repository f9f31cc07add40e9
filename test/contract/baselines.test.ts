// The sweeps seed one record per POST route of the OpenAPI document. A new route is picked up with nothing to edit
// when its schema tells how to make a valid body; when it cannot, the seeding fails and names the route.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { Type } from '@sinclair/typebox';
import { API_PREFIX } from '../../src/plugins/routing.js';
import { DateOnly } from '../../src/http/schemas.js';
import { forEachDialect } from '../support/app.js';
import { fromSchema } from './support/baselines.js';
import { loadOperations, seedWorld, SWEEP_CONFIG } from './support/robustness.js';

test('a body is made from the required properties: enum, date pattern, e-mail, numbers within bounds, fresh strings', () => {
  const schema = Type.Object({
    name: Type.String({ maxLength: 10 }),
    kind: Type.String({ enum: ['a', 'b'] }),
    day: DateOnly(),
    mail: Type.String({ format: 'email' }),
    count: Type.Integer({ minimum: 3 }),
    note: Type.Optional(Type.String()),
  });
  const a = fromSchema(schema);
  const b = fromSchema(schema);
  assert.deepEqual(Object.keys(a).sort(), ['count', 'day', 'kind', 'mail', 'name']);
  assert.equal(a.kind, 'a');
  assert.equal(a.count, 3);
  assert.match(String(a.day), /^\d{4}-\d{2}-\d{2}$/);
  assert.match(String(a.mail), /^[^@]+@example\.com$/);
  assert.ok(String(a.name).length <= 10);
  assert.notEqual(a.name, b.name, 'each body is new (unique keys are never refused as duplicates)');
  assert.notEqual(a.day, b.day);
});

const seen: unknown[] = [];
forEachDialect(
  'sweep baselines: a new POST route',
  (t) => {
    test('is seeded from its own schema, with no baseline to write', async () => {
      const w = await seedWorld(t());
      assert.ok((await loadOperations(t())).some((o) => o.method === 'POST' && o.template === '/zz-gadgets'));
      assert.equal(w.records.get('/zz-gadgets')?.kind, 'small');
      assert.ok(seen.length > 0);
    });
  },
  SWEEP_CONFIG,
  (app) => {
    const body = Type.Object({
      name: Type.String({ minLength: 1, maxLength: 20 }),
      kind: Type.String({ enum: ['small', 'big'] }),
    });
    app.post(`${API_PREFIX}/zz-gadgets`, { schema: { body } }, async (req, reply) => {
      seen.push(req.body);
      return reply.code(201).send({ data: { id: seen.length, ...(req.body as object) } });
    });
  },
);

forEachDialect(
  'sweep baselines: a POST route the schema cannot seed',
  (t) => {
    test('fails the seeding and names the route', async () => {
      await assert.rejects(seedWorld(t()), /POST \/zz-orders: 422 .*unknown product/);
    });
  },
  SWEEP_CONFIG,
  (app) => {
    const body = Type.Object({ product: Type.String({ minLength: 1, maxLength: 20 }) });
    app.post(`${API_PREFIX}/zz-orders`, { schema: { body } }, async (_req, reply) =>
      reply.code(422).send({ message: 'The selected product is invalid.', errors: { product: ['unknown product'] } }),
    );
  },
);
