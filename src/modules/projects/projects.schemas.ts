// Project (contract "Project" table) and its request bodies (docs/api/projects.md). Enumerations are {id, name}
// objects in responses and ids (or the docs' strings for billing_type) in requests.
import { Type, type Static, type TSchema } from '@sinclair/typebox';
import {
  DateOnly,
  DateTimeOut,
  IntIdName,
  MAX_ID,
  Nullable,
  Opt,
  Labelled,
  Currency,
  RecordAuthors,
} from '../../http/schemas.js';
import { listQuery } from '../../http/list/index.js';
import { Category } from '../categories/categories.schemas.js';
import { DynamicAttributeValue, DynamicAttributesInput } from '../dynamic-attributes/dynamic-attributes.schemas.js';
import { PriceTable } from '../price-tables/price-tables.schemas.js';
import { ProjectStatus } from './project-statuses.schemas.js';

/** Free-text columns with their limits (docs/api/projects.md where stated). */
export const PROJECT_TEXT_FIELDS = {
  description: 255,
  comments: 5000,
  cost_object: 64,
  cost_object_identifier: 64,
  reference_order: 255,
  reference_commission: 255,
  reference_procurement: 255,
  reference_object: 255,
  language: 16,
  currency: 8,
  url: 255,
  location_address: 64,
  location_city: 64,
  location_state: 64,
  location_country: 32,
  revenue_account: 64,
  customer_contact_id: 64,
  customer_project_reference: 255,
  customer_billing_address_id: 64,
  customer_shipping_address_id: 64,
  billing_tasks: 64,
} as const;
export const PROJECT_NUMBER_FIELDS = [
  'plan_hours',
  'plan_hours_children',
  'plan_hours_per_day',
  'plan_wage',
  'plan_wage_children',
  'plan_expenses',
  'plan_expenses_travel',
  'plan_hours_done',
  'plan_hours_invoiced',
  'plan_warning_percent',
  'plan_warning_percent_2',
  'plan_warning_percent_3',
] as const;
type TextField = keyof typeof PROJECT_TEXT_FIELDS;
type NumberField = (typeof PROJECT_NUMBER_FIELDS)[number];

const mapFields = <K extends string, S extends TSchema>(keys: readonly K[], schema: (k: K) => S) =>
  Object.fromEntries(keys.map((k) => [k, schema(k)])) as Record<K, S>;
const textKeys = Object.keys(PROJECT_TEXT_FIELDS) as TextField[];

export const Keyword = Type.Object({ name: Type.String() }, { additionalProperties: true });

export const Project = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  ...mapFields(['description', 'comments'] as const, () => Nullable(Type.String())),
  start_date: Nullable(DateTimeOut()),
  end_date: Nullable(DateTimeOut()),
  project_status_id: Type.String(),
  status: ProjectStatus,
  ...mapFields(
    textKeys.filter((k) => k !== 'description' && k !== 'comments' && k !== 'billing_tasks'),
    () => Nullable(Type.String()),
  ),
  customer_id: Nullable(Type.String({ description: 'Customer number.' })),
  has_multiple_customers: Nullable(Type.Boolean()),
  department_id: Nullable(Type.Integer()),
  billing_type: Nullable(IntIdName()),
  billing_tasks: Nullable(Type.String()),
  ...mapFields(PROJECT_NUMBER_FIELDS, () => Nullable(Type.Number())),
  plan_can_exceed: Nullable(IntIdName()),
  default_billability: IntIdName(),
  receipts_billability: Nullable(IntIdName()),
  keywords: Type.Array(Keyword),
  categories: Type.Array(Category),
  dynamicAttributes: Type.Array(DynamicAttributeValue),
  categories_count: Type.Integer(),
  dynamicAttributes_count: Type.Integer(),
  tasks_count: Type.Integer(),
  employees_count: Type.Integer(),
  activities_count: Type.Integer(),
  created: Nullable(DateTimeOut()),
  modified: Nullable(DateTimeOut()),
  ...RecordAuthors,
  priceTables: Type.Optional(
    Type.Array(PriceTable, {
      description: 'Only with ?append=priceTables (effective tables: own, else customer, else base).',
    }),
  ),
  end_customer_number: Type.Optional(
    Nullable(Type.String({ description: 'Only on tenants with the end_customer module.' })),
  ),
});
export type ProjectT = Static<typeof Project>;

/** An id, a digit string or one of the docs' names ("hourly", "Stundensatz", ...). */
export const EnumInput = (description: string) =>
  Nullable(Type.Unsafe<number | string>({ type: ['integer', 'string'], maxLength: 32, maximum: 1000, description }));
const KeywordInput = Type.Union([
  Type.String({ maxLength: 255 }),
  Type.Object({ name: Type.String({ minLength: 1, maxLength: 255 }) }, { additionalProperties: false }),
]);

const writable = {
  ...mapFields(textKeys, (k) => Opt(Type.String({ maxLength: PROJECT_TEXT_FIELDS[k] }))),
  currency: Opt(Currency()),
  ...mapFields(PROJECT_NUMBER_FIELDS as readonly NumberField[], () => Opt(Type.Number({ minimum: 0, maximum: 1e12 }))),
  start_date: Opt(DateOnly()),
  end_date: Opt(DateOnly({ description: 'On or after start_date.' })),
  project_status_id: Type.Optional(
    Type.String({ minLength: 1, maxLength: 32, description: 'Status short name; default: the first bookable status.' }),
  ),
  customer_id: Opt(Type.String({ maxLength: 64, description: 'Customer number (must exist).' })),
  has_multiple_customers: Opt(Type.Boolean()),
  department_id: Opt(Type.Integer({ minimum: 1, maximum: MAX_ID, description: 'Default: the standard department.' })),
  billing_type: Type.Optional(
    Labelled(
      'billing_type',
      EnumInput('1 Stundensatz, 2 Tagessatz, 3 Pausch; also "hourly", "daily", "flat" or the names.'),
    ),
  ),
  plan_can_exceed: Opt(Labelled('plan_can_exceed', Type.Integer({ minimum: 0, maximum: 4 }))),
  default_billability: Type.Optional(Labelled('default_billability', Type.Integer({ minimum: 0, maximum: 3 }))),
  receipts_billability: Opt(Labelled('receipts_billability', Type.Integer({ minimum: 0, maximum: 3 }))),
  keywords: Opt(Type.Array(KeywordInput, { maxItems: 100 })),
  categories: Opt(Type.Array(Type.String({ maxLength: 255 }), { maxItems: 200 })),
  dynamicAttributes: Opt(DynamicAttributesInput),
  end_customer_number: Opt(
    Type.String({
      maxLength: 64,
      description:
        "Stored only on tenants with the end_customer module: the number of one of the tenant's customers (422 otherwise).",
    }),
  ),
};
const Name = Type.String({ minLength: 1, maxLength: 64 });
export const ProjectCreate = Type.Object({ name: Name, ...writable });
export const ProjectUpdate = Type.Object({ name: Type.Optional(Name), ...writable });
export type ProjectUpdateT = Static<typeof ProjectUpdate>;

export const AppendQuery = {
  append: Type.Optional(
    Type.String({
      maxLength: 100,
      description: 'Comma-separated relations to append; "priceTables" adds the price tables.',
    }),
  ),
  include: Type.Optional(Type.String({ maxLength: 100, description: 'Alias of append.' })),
};
export const ProjectDetailQuery = Type.Object(AppendQuery, { additionalProperties: true });

export const ProjectListQuery = listQuery({
  start_date: Type.Optional(
    DateOnly({ description: 'Projects active on or after this date (open ends count as open).' }),
  ),
  end_date: Type.Optional(
    DateOnly({ description: 'Projects active on or before this date (open ends count as open).' }),
  ),
  'id[]': Type.Optional(
    Type.Array(Type.String({ pattern: '^[0-9]{1,15}$', maxLength: 15 }), {
      maxItems: 1000,
      description: 'Project ids (as strings).',
    }),
  ),
  'status[]': Type.Optional(
    Type.Array(Type.String({ maxLength: 32 }), { maxItems: 100, description: 'Status short names (or status ids).' }),
  ),
  name: Type.Optional(Type.String({ maxLength: 64, description: 'Exact project name.' })),
  search: Type.Optional(
    Nullable(
      Type.String({
        maxLength: 255,
        description: 'Case-insensitive (ASCII) substring of name, description or customer number.',
      }),
    ),
  ),
  customer_id: Type.Optional(Type.String({ maxLength: 64, description: 'Customer number.' })),
  ...AppendQuery,
});
