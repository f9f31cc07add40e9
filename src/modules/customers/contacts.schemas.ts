// Customer contacts (docs/api/customers.md read shape; request bodies inferred from it). Responses carry
// `department` ({id, name} or null) and `categories` (contract).
import { Type, type Static } from '@sinclair/typebox';
import { DateTimeOut, IntIdName, MAX_ID, Nullable, Opt, RecordAuthors } from '../../http/schemas.js';
import { listQuery } from '../../http/list/index.js';
import { Category } from '../categories/categories.schemas.js';

export const Contact = Type.Object({
  id: Type.Integer(),
  customer_number: Type.String(),
  first_name: Type.String(),
  last_name: Type.String(),
  salutation: Nullable(Type.String()),
  title: Nullable(Type.String()),
  phone: Nullable(Type.String()),
  mobile: Nullable(Type.String()),
  fax: Nullable(Type.String()),
  email: Nullable(Type.String()),
  primary: Type.Boolean(),
  job_title: Nullable(Type.String()),
  language: Nullable(Type.String()),
  inactive: Type.Boolean(),
  department: Nullable(IntIdName()),
  categories: Type.Array(Category),
  created: Nullable(DateTimeOut()),
  modified: Nullable(DateTimeOut()),
  ...RecordAuthors,
});
export type ContactT = Static<typeof Contact>;

const writable = {
  salutation: Opt(Type.String({ maxLength: 32 })),
  title: Opt(Type.String({ maxLength: 64 })),
  phone: Opt(Type.String({ maxLength: 32 })),
  mobile: Opt(Type.String({ maxLength: 32 })),
  fax: Opt(Type.String({ maxLength: 32 })),
  email: Opt(Type.String({ format: 'email', maxLength: 320 })),
  primary: Opt(Type.Boolean()),
  job_title: Opt(Type.String({ maxLength: 120 })),
  language: Opt(Type.String({ maxLength: 8, description: 'Language code, e.g. de.' })),
  inactive: Opt(Type.Boolean()),
  department_id: Opt(Type.Integer({ minimum: 1, maximum: MAX_ID })),
  categories: Opt(
    Type.Array(Type.String({ minLength: 1, maxLength: 64 }), {
      maxItems: 200,
      description: 'Category names; replaces the set.',
    }),
  ),
};
const Name = Type.String({ minLength: 1, maxLength: 64 });

export const ContactCreate = Type.Object({ first_name: Name, last_name: Name, ...writable });
export const ContactUpdate = Type.Object({
  first_name: Type.Optional(Name),
  last_name: Type.Optional(Name),
  ...writable,
});
export type ContactUpdateT = Static<typeof ContactUpdate>;

export const ContactListQuery = listQuery();
