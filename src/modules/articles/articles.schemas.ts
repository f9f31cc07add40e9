// Articles (docs/api/masterdata.md; contract: `created`/`modified`, not `created_at`/`updated_at`). The description comes
// in German (`description`) and per language (`description_en`, …).
import { Type, type Static } from '@sinclair/typebox';
import { DateTimeOut, Nullable, Opt, Currency, RecordAuthors } from '../../http/schemas.js';
import { listQuery } from '../../http/list/index.js';

export const DESCRIPTION_LANGUAGES = ['description_en', 'description_fr', 'description_es', 'description_pl'] as const;

export const Article = Type.Object({
  id: Type.Integer(),
  article_number: Type.String(),
  name: Type.String(),
  unit: Nullable(Type.String()),
  unit_price: Nullable(Type.Number()),
  currency: Nullable(Type.String()),
  description: Nullable(Type.String()),
  inactive: Type.Boolean(),
  description_en: Nullable(Type.String()),
  description_fr: Nullable(Type.String()),
  description_es: Nullable(Type.String()),
  description_pl: Nullable(Type.String()),
  created: Nullable(DateTimeOut()),
  modified: Nullable(DateTimeOut()),
  ...RecordAuthors,
});
export type ArticleT = Static<typeof Article>;

const ArticleNumber = Type.String({ minLength: 1, maxLength: 64 });
const Name = Type.String({ minLength: 1, maxLength: 255 });
const Description = Opt(Type.String({ maxLength: 5000 }));
const writable = {
  unit: Opt(Type.String({ maxLength: 64 })),
  unit_price: Opt(Type.Number({ minimum: -999999999, maximum: 999999999 })),
  currency: Opt(Currency()),
  description: Description,
  inactive: Type.Optional(Type.Boolean()),
  description_en: Description,
  description_fr: Description,
  description_es: Description,
  description_pl: Description,
};
export const ArticleCreate = Type.Object({ article_number: ArticleNumber, name: Name, ...writable });
export const ArticleUpdate = Type.Object({
  article_number: Type.Optional(ArticleNumber),
  name: Type.Optional(Name),
  ...writable,
});
export type ArticleWriteT = Static<typeof ArticleUpdate>;

export const ArticleListQuery = listQuery({
  inactive: Type.Optional(
    Type.String({
      enum: ['true', 'false', '1', '0'],
      description: 'true: only inactive articles, false: only active ones; absent: both.',
    }),
  ),
  article_number: Type.Optional(Type.String({ maxLength: 64, description: 'Only the article with this number.' })),
});
export type ArticleListQueryT = Static<typeof ArticleListQuery>;
