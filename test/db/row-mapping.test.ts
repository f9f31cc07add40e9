// Row -> JSON mapping from a response schema (src/db/row-mapping.ts, docs/architecture.md "Row mapping").
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { Type } from '@sinclair/typebox';
import { rowMapper } from '../../src/db/row-mapping.js';
import { DateTimeOut, IntIdName, Nullable, StrIdName } from '../../src/http/schemas.js';
import { outDate } from '../../src/values/formats.js';

const Schema = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  note: Nullable(Type.String()),
  active: Type.Boolean(),
  locked: Nullable(Type.Boolean()),
  amount: Nullable(Type.Number()),
  date: DateTimeOut(),
  modified: Nullable(DateTimeOut()),
  kind: IntIdName(),
  direction: Nullable(IntIdName()),
  release: Type.Optional(Nullable(IntIdName())),
  type: StrIdName(),
  extra: Type.Optional(Nullable(Type.String())),
});

const map = rowMapper(Schema, {
  columns: { name: 'code' },
  convert: { date: outDate },
  labels: {
    kind: 'rate_type',
    direction: 'direction_of_travel',
    release: { set: 'project_release', ifNull: 0 },
    type: 'category_type',
  },
  gates: { release: 'project_release', extra: 'ticket_extension' },
});

const row = {
  id: '7',
  code: 'A',
  note: null,
  active: 1,
  locked: null,
  amount: '1.5',
  date: '2024-08-17',
  modified: '2024-08-17 10:11:12',
  kind: 2,
  direction: null,
  release: null,
  type: 'task',
  extra: 'x',
};

test('fields in schema order, converted as their types and the declaration say', () => {
  const out = map(row, { language: 'de', modules: new Set(['project_release']) });
  assert.deepEqual(Object.keys(out), Object.keys(Schema.properties));
  assert.deepEqual(
    { ...out },
    {
      id: 7,
      name: 'A',
      note: null,
      active: true,
      locked: null,
      amount: 1.5,
      date: '2024-08-17T00:00:00.000000Z',
      modified: '2024-08-17T10:11:12.000000Z',
      kind: { id: 2, name: 'Tagessatz' },
      direction: null,
      release: { id: 0, name: 'unverändert' },
      type: { id: 'task', name: 'Vorgang' },
      extra: undefined,
    },
  );
});

test('a non-nullable boolean is false for null; gated fields are absent without the module', () => {
  const out = map({ ...row, active: null }, {});
  assert.equal(out.active, false);
  assert.equal(out.release, undefined);
  assert.equal(JSON.stringify(out).includes('"release"'), false);
});

test('a field of a type without a derived conversion must declare one', () => {
  const WithArray = Type.Object({ tags: Type.Array(Type.String()) });
  assert.throws(() => rowMapper(WithArray), /"tags" .* needs a declared conversion/);
  assert.doesNotThrow(() => rowMapper(WithArray, { convert: { tags: (v) => JSON.parse(v) } }));
  assert.throws(() => rowMapper(WithArray, { columns: { nope: 'x' } as never }), /"nope" is no field/);
});
