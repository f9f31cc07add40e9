// Subtask read shape and bodies (docs/api/projects.md): runtime start_date..deadline as plain dates, planned hours.
import { Type, type Static } from '@sinclair/typebox';
import { Nullable, requiredUnless } from '../../http/schemas.js';
import { listQuery } from '../../http/list/index.js';
import { Category } from '../categories/categories.schemas.js';
import { commonOutput, commonWritable, statusSchema } from './ticket-common.schemas.js';

export const Subtask = Type.Object({
  ...commonOutput,
  name: Type.String(),
  ticket_id: Type.Integer(),
  start_date: Nullable(Type.String({ format: 'date', examples: ['2024-11-20'] })),
  deadline: Nullable(Type.String({ format: 'date', examples: ['2024-11-30'] })),
  /** Detail, create and update only. */
  categories: Type.Optional(Type.Array(Category)),
});
export type SubtaskT = Static<typeof Subtask>;

const Text = Type.String({ minLength: 1, maxLength: 255 });
export const SubtaskCreate = Type.Object(
  { subject: Text, name: Text, status: statusSchema(), ...commonWritable },
  requiredUnless({ creator_username: ['customer_contact_person'] }),
);
export const SubtaskUpdate = Type.Object({
  subject: Type.Optional(Text),
  name: Type.Optional(Text),
  status: Type.Optional(statusSchema()),
  ...commonWritable,
});
export type SubtaskUpdateT = Static<typeof SubtaskUpdate>;

export const SubtaskListQuery = listQuery({ status: Type.Optional(statusSchema()) });
