// Employees (docs/api/people.md). Key: the username (dots, dashes, apostrophes allowed). Read shape as on the live
// system; requests accept the union of the documented forms and ignore read-only keys (GET-merge-PUT).
import { Type, type Static } from '@sinclair/typebox';
import {
  DateTimeOut,
  IdName,
  IntIdName,
  MAX_ID,
  Nullable,
  Opt,
  Labelled,
  Currency,
  DateIn,
  RecordAuthors,
} from '../../http/schemas.js';
import { listQuery } from '../../http/list/index.js';
import { Category } from '../categories/categories.schemas.js';
import { DynamicAttributeValue, DynamicAttributesInput } from '../dynamic-attributes/dynamic-attributes.schemas.js';
import { EnumIn } from '../crud/index.js';

/** Usernames may contain dots, dashes, apostrophes (URL-encoded by clients); never a slash. */
export const USERNAME_PATTERN = '^[^/\\\\?#\\s]+$';
export const UsernameParam = { username: Type.String({ minLength: 1, maxLength: 255 }) };

/** Newest docs send `salutation: 1`; the live value is the text itself. */
export const SALUTATIONS: Record<number, string> = { 1: 'Herr', 2: 'Frau', 3: 'Divers' };

const Language = Type.Object({
  locale: Type.String(),
  isoCode: Type.String(),
  name: Type.String(),
  dateFormat: Type.String(),
  dateTimeFormat: Type.String(),
  numberFormat: Type.Object({ decimalSeparator: Type.String(), thousandsSeparator: Type.String() }),
});

export const TEXT_FIELDS = [
  'personal_number',
  'street',
  'zip',
  'city',
  'country',
  'abbreviation',
  'title',
  'email',
  'phone',
  'mobile',
  'fax',
  'private_phone',
  'iban',
  'bic',
  'account_no',
  'bank_name',
  'bank_code',
  'currency',
  'vat',
  'personio_id',
  'cost_bearer',
  'tax_id',
  'creditor_number',
] as const;

const text = Nullable(Type.String());
/** Employee as embedded in department employee lists (no categories, no dynamic attributes). */
export const EmployeeBase = Type.Object({
  username: Type.String(),
  firstname: Type.String(),
  lastname: Type.String(),
  personal_number: text,
  street: text,
  zip: text,
  city: text,
  country: text,
  abbreviation: text,
  salutation: Nullable(IdName(Type.String())),
  title: text,
  email: text,
  phone: text,
  mobile: text,
  fax: text,
  private_phone: text,
  birthdate: Nullable(DateTimeOut()),
  iban: text,
  bic: text,
  account_no: text,
  bank_name: text,
  bank_code: text,
  currency: text,
  approval_date: Nullable(DateTimeOut()),
  vat: text,
  price_group: text,
  employment: IntIdName(),
  rights: IntIdName(),
  department_id: Type.Integer(),
  language: Nullable(Language),
  personio_id: text,
  cost_bearer: text,
  tax_id: text,
  creditor_number: text,
  created: Nullable(DateTimeOut()),
  modified: Nullable(DateTimeOut()),
  ...RecordAuthors,
});
export type EmployeeBaseT = Static<typeof EmployeeBase>;

export const Employee = Type.Object({
  ...EmployeeBase.properties,
  categories: Type.Array(Category),
  dynamicAttributes: Type.Array(DynamicAttributeValue),
});
export type EmployeeT = Static<typeof Employee>;
/** The detail (and write responses) add the number of the employee's absences, as on the live system. */
export const EmployeeDetail = Type.Object({ ...Employee.properties, absences_count: Type.Integer({ minimum: 0 }) });

const str = (max: number) => Opt(Type.String({ maxLength: max }));
const writable = {
  firstname: Type.Optional(Type.String({ minLength: 1, maxLength: 255 })),
  lastname: Type.Optional(Type.String({ minLength: 1, maxLength: 255 })),
  email: Opt(Type.String({ format: 'email', maxLength: 255 })),
  password: Type.Optional(
    Type.String({ minLength: 8, maxLength: 48, description: 'Stored only as a salted scrypt hash; never returned.' }),
  ),
  personal_number: str(64),
  street: str(255),
  zip: str(32),
  city: str(255),
  country: str(255),
  abbreviation: str(32),
  title: str(64),
  phone: str(64),
  mobile: str(64),
  fax: str(64),
  private_phone: str(64),
  iban: str(64),
  bic: str(32),
  account_no: str(64),
  bank_name: str(255),
  bank_code: str(64),
  currency: Opt(Currency()),
  vat: str(32),
  personio_id: str(64),
  cost_bearer: str(255),
  tax_id: str(64),
  creditor_number: str(64),
  oauth_username: str(255),
  oauthUsername: str(255),
  birthdate: Opt(DateIn()),
  birth_date: Opt(DateIn()),
  approval_date: Opt(DateIn({ description: 'Times on or before this date are approved and locked.' })),
  price_group: Opt(Type.String({ minLength: 1, maxLength: 255, description: 'Name of an existing price group.' })),
  department_id: Opt(Type.Integer({ minimum: 1, maximum: MAX_ID })),
  rights: Type.Optional(Labelled('rights', EnumIn(0, 4, 'Ids 0..4.'))),
  employment: Type.Optional(Labelled('employment', EnumIn(0, 2, 'Ids 0..2.'))),
  salutation: Type.Optional(
    Nullable(
      Type.Unsafe<string | number | { id: string | number }>({
        type: ['string', 'integer', 'object'],
        maxLength: 32,
        minimum: 1,
        maximum: 3,
        properties: { id: { type: ['string', 'integer'], maxLength: 32, maximum: MAX_ID } },
        required: ['id'],
        description: 'Text (e.g. "Herr"), or 1 Herr, 2 Frau, 3 Divers.',
      }),
    ),
  ),
  language: Type.Optional(
    Nullable(
      Type.Unsafe<string | { locale?: string; isoCode?: string }>({
        type: ['string', 'object'],
        maxLength: 8,
        description: 'Locale code (de, en, fr, es, pl, sk, tr) or the language object.',
      }),
    ),
  ),
  categories: Opt(
    Type.Array(
      Type.Unsafe<string | { name: string }>({
        type: ['string', 'object'],
        maxLength: 64,
        properties: { name: { type: 'string', maxLength: 64 } },
        required: ['name'],
      }),
      { maxItems: 200 },
    ),
  ),
  dynamicAttributes: Opt(DynamicAttributesInput),
};

export const EmployeeCreate = Type.Object({
  username: Type.String({ minLength: 1, maxLength: 255, pattern: USERNAME_PATTERN }),
  ...writable,
  firstname: Type.String({ minLength: 1, maxLength: 255 }),
  lastname: Type.String({ minLength: 1, maxLength: 255 }),
});
export const EmployeeUpdate = Type.Object({ username: Type.Optional(Type.String({ maxLength: 255 })), ...writable });
export type EmployeeUpdateT = Static<typeof EmployeeUpdate>;

export const EmployeeListQuery = listQuery({
  'personal_number[]': Type.Optional(Type.Array(Type.String({ maxLength: 64 }), { maxItems: 500 })),
  department_id: Type.Optional(
    Type.Integer({ minimum: 1, maximum: MAX_ID, description: 'Only employees of this department.' }),
  ),
});
