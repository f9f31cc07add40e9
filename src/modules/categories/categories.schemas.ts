// Categories (contract Category shape, docs/api/masterdata.md). Key: the name (numeric ids do not work).
import { LABELS } from '../../values/labels.js';
import { Type, type Static } from '@sinclair/typebox';
import { DateTimeOut, Nullable, StrIdName, Translations, Labelled, RecordAuthors } from '../../http/schemas.js';
import { listQuery } from '../../http/list/index.js';

/** The kinds of entity a category attaches to (labels in values/labels.ts). */
export const CATEGORY_TYPES = Object.keys(LABELS.category_type);

export const Category = Type.Object({
  name: Type.String(),
  description: Translations,
  type: StrIdName(),
  created: Nullable(DateTimeOut()),
  modified: Nullable(DateTimeOut()),
  ...RecordAuthors,
});
export type CategoryT = Static<typeof Category>;

const TypeId = Labelled(
  'category_type',
  Type.String({ enum: CATEGORY_TYPES, description: 'Entity kind: ' + CATEGORY_TYPES.join(', ') + '.' }),
);

export const CategoryCreate = Type.Object({
  name: Type.String({ minLength: 1, maxLength: 64 }),
  type: TypeId,
  description: Type.Optional(Nullable(Translations)),
});
export const CategoryUpdate = Type.Object({
  name: Type.Optional(Type.String({ minLength: 1, maxLength: 64 })),
  type: Type.Optional(TypeId),
  description: Type.Optional(Nullable(Translations)),
});
export type CategoryUpdateT = Static<typeof CategoryUpdate>;

export const CategoryListQuery = listQuery({
  type: Type.Optional(Type.String({ maxLength: 32, description: 'Only categories of this entity kind.' })),
});
