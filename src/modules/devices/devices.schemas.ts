// Terminals ("devices", docs/api/people.md). The live shape has no created/modified (the additive authors are ours). `password` is write-only here:
// it is stored as a hash and the response always carries null.
import { Type, type Static } from '@sinclair/typebox';
import { Nullable, Opt, RecordAuthors, TimeOfDay, TimeOut } from '../../http/schemas.js';
import { listQuery } from '../../http/list/index.js';
import { Category } from '../categories/categories.schemas.js';

const common = {
  id: Type.Integer(),
  type: Type.Integer(),
  status: Type.Integer(),
  name: Type.String(),
  password: Nullable(Type.String()),
  min_time: Nullable(TimeOut()),
  max_time: Nullable(TimeOut()),
  track: Type.Integer(),
  display_config: Nullable(Type.Object({}, { additionalProperties: true })),
  ...RecordAuthors,
};
export const DeviceListItem = Type.Object({
  ...common,
  employees_count: Type.Integer(),
  categories_count: Type.Integer(),
});
export const Device = Type.Object({
  ...common,
  employees: Type.Array(Type.Object({ employee_id: Type.String() })),
  categories: Type.Array(Category),
});
export type DeviceT = Static<typeof Device>;

const EmployeeRef = Type.Unsafe<string | { employee_id: string }>({
  type: ['string', 'object'],
  maxLength: 255,
  properties: { employee_id: { type: 'string', maxLength: 255 } },
  required: ['employee_id'],
});
const CategoryRef = Type.Unsafe<string | { name: string }>({
  type: ['string', 'object'],
  maxLength: 64,
  properties: { name: { type: 'string', maxLength: 64 } },
  required: ['name'],
});
const writable = {
  type: Type.Optional(Type.Integer({ minimum: 0, maximum: 9 })),
  status: Type.Optional(Type.Integer({ enum: [0, 1] })),
  password: Opt(Type.String({ maxLength: 255 })),
  min_time: Opt(TimeOfDay()),
  max_time: Opt(TimeOfDay()),
  track: Type.Optional(Type.Integer({ enum: [0, 1] })),
  display_config: Opt(Type.Object({}, { additionalProperties: true })),
  employees: Opt(Type.Array(EmployeeRef, { maxItems: 1000, description: 'Usernames (replaces the set).' })),
  categories: Opt(Type.Array(CategoryRef, { maxItems: 200, description: 'Category names (replaces the set).' })),
};
export const DeviceCreate = Type.Object({ name: Type.String({ minLength: 1, maxLength: 255 }), ...writable });
export const DeviceUpdate = Type.Object({
  name: Type.Optional(Type.String({ minLength: 1, maxLength: 255 })),
  ...writable,
});
export type DeviceWriteT = Static<typeof DeviceUpdate>;
export const DeviceListQuery = listQuery({
  type: Type.Optional(Type.Integer({ minimum: 0, maximum: 9, description: 'Only devices of this type.' })),
  status: Type.Optional(Type.Integer({ enum: [0, 1], description: '1 active, 0 inactive.' })),
});
