// Dynamic attribute definitions (docs/api/masterdata.md) and the values attached to records (contract DynamicAttribute).
import { Type, type Static } from '@sinclair/typebox';
import { DateTimeOut, Nullable, Opt, Translations, RecordAuthors } from '../../http/schemas.js';
import { listQuery } from '../../http/list/index.js';

/** Value types named as in the contract. */
export const DYNAMIC_ATTRIBUTE_TYPES = [
  'Text',
  'Integer',
  'Float',
  'URL',
  'E-Mail',
  'Datum',
  'Uhrzeit',
  'Datetime',
  'Boolean',
  'Betrag',
  'Optionen',
  'Prozent',
  'Time period',
  'Textarea',
  'Users',
  'Upload',
] as const;

export const ENTITY_TYPES = ['customer', 'contact', 'employee', 'project', 'task', 'ticket'] as const;

/** The value attached to a record: {name, value, description, type}. */
export const DynamicAttributeValue = Type.Object({
  name: Type.String(),
  value: Type.Unknown(),
  description: Nullable(Translations),
  type: Type.String(),
});
export type DynamicAttributeValueT = Static<typeof DynamicAttributeValue>;

/**
 * Request form: an array whose items are `{name, value}`, `{"<name>": value}` or `["<name>", value]`
 * (contract: "array of array, values keyed by attribute name").
 */
export const DynamicAttributesInput = Type.Array(
  Type.Unsafe<unknown>({ type: ['object', 'array'], items: {}, maxItems: 200 }),
  { maxItems: 200 },
);

export const DynamicAttributeDefinition = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  type: Type.String(),
  entity_type: Nullable(Type.String()),
  required: Type.Boolean(),
  description: Nullable(Translations),
  options: Nullable(Type.Array(Type.String())),
  default_value: Type.Unknown(),
  validation_rules: Nullable(
    Type.Object({ min_length: Opt(Type.Integer()), max_length: Opt(Type.Integer()), pattern: Opt(Type.String()) }),
  ),
  created: Nullable(DateTimeOut()),
  modified: Nullable(DateTimeOut()),
  ...RecordAuthors,
});
export type DynamicAttributeDefinitionT = Static<typeof DynamicAttributeDefinition>;

const writable = {
  type: Type.Optional(Type.String({ enum: [...DYNAMIC_ATTRIBUTE_TYPES] })),
  entity_type: Opt(Type.String({ enum: [...ENTITY_TYPES] })),
  required: Type.Optional(Type.Boolean()),
  description: Type.Optional(Nullable(Translations)),
  options: Opt(Type.Array(Type.String({ maxLength: 255 }), { maxItems: 200 })),
  default_value: Type.Optional(Type.Unknown()),
  validation_rules: Type.Optional(
    Nullable(
      Type.Object({
        min_length: Opt(Type.Integer({ minimum: 0, maximum: 1_000_000 })),
        max_length: Opt(Type.Integer({ minimum: 0, maximum: 1_000_000 })),
        pattern: Opt(Type.String({ maxLength: 255 })),
      }),
    ),
  ),
};
export const DynamicAttributeCreate = Type.Object({
  name: Type.String({ minLength: 1, maxLength: 64 }),
  ...writable,
  type: Type.String({ enum: [...DYNAMIC_ATTRIBUTE_TYPES] }),
});
export const DynamicAttributeUpdate = Type.Object({
  name: Type.Optional(Type.String({ minLength: 1, maxLength: 64 })),
  ...writable,
});
export type DynamicAttributeUpdateT = Static<typeof DynamicAttributeUpdate>;

export const DynamicAttributeListQuery = listQuery({ entity_type: Type.Optional(Type.String({ maxLength: 32 })) });
