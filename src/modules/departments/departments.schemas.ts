// Departments (docs/api/people.md). `start_date`/`end_date` on the list select departments active in the range.
import { Type, type Static } from '@sinclair/typebox';
import { DateOnly, DateTimeOut, MAX_ID, Nullable, Opt, RecordAuthors } from '../../http/schemas.js';
import { listQuery } from '../../http/list/index.js';

export const Department = Type.Object({
  id: Type.Integer(),
  parent_id: Nullable(Type.Integer()),
  name: Type.String(),
  description: Nullable(Type.String()),
  comments: Nullable(Type.String()),
  status: Nullable(Type.Integer()),
  start_date: Nullable(DateTimeOut()),
  end_date: Nullable(DateTimeOut()),
  is_standard: Type.Boolean(),
  children_count: Type.Integer(),
  created: Nullable(DateTimeOut()),
  modified: Nullable(DateTimeOut()),
  ...RecordAuthors,
});
export type DepartmentT = Static<typeof Department>;

const Manager = Type.Object({
  username: Type.String(),
  firstname: Type.String(),
  lastname: Type.String(),
  personal_number: Nullable(Type.String()),
  email: Nullable(Type.String()),
});
/** List items carry `manager_count`; the detail carries `manager[]` (docs/api/people.md). */
export const DepartmentListItem = Type.Object({ ...Department.properties, manager_count: Type.Integer() });
export const DepartmentDetail = Type.Object({ ...Department.properties, manager: Type.Array(Manager) });

const writable = {
  parent_id: Opt(Type.Integer({ minimum: 1, maximum: MAX_ID })),
  description: Opt(Type.String({ maxLength: 255 })),
  comments: Opt(Type.String({ maxLength: 2000 })),
  status: Opt(Type.Integer({ minimum: 0, maximum: 1 })),
  start_date: Opt(DateOnly()),
  end_date: Opt(DateOnly()),
  manager: Opt(
    Type.Array(
      Type.Unsafe<string | { username: string }>({
        type: ['string', 'object'],
        maxLength: 255,
        properties: { username: { type: 'string', maxLength: 255 } },
        required: ['username'],
      }),
      { maxItems: 500, description: 'Usernames of the managers (replaces the set).' },
    ),
  ),
};
export const DepartmentCreate = Type.Object({ name: Type.String({ minLength: 1, maxLength: 64 }), ...writable });
export const DepartmentUpdate = Type.Object({
  name: Type.Optional(Type.String({ minLength: 1, maxLength: 64 })),
  ...writable,
});
export type DepartmentUpdateT = Static<typeof DepartmentUpdate>;

/** Contract: `start_date`, `end_date` are dates and not nullable; an empty value answers 422. */
export const DepartmentListQuery = listQuery({
  start_date: Type.Optional(
    DateOnly({ description: 'Departments active on or after this date (open ends count as open).' }),
  ),
  end_date: Type.Optional(DateOnly({ description: 'Departments active on or before this date.' })),
});
