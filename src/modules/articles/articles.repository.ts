// SQL for articles; every query is scoped by tenant.
import type { Selectable } from 'kysely';
import type { TenantDb } from '../../db/tenant-scope.js';
import type { ListSpec } from '../../db/list-spec.js';
import { outTimestamp, toBool } from '../../values/formats.js';
import type { ArticlesTable } from './articles.tables.js';
import type { ArticleListQueryT, ArticleT } from './articles.schemas.js';

export type ArticleRow = Selectable<ArticlesTable>;

const optional = (column: string) => ({ column, nullable: true });
export const articleListSpec: ListSpec = {
  key: ['id'],
  sortable: {
    id: 'id',
    article_number: 'article_number',
    name: 'name',
    unit: optional('unit'),
    unit_price: optional('unit_price'),
    currency: optional('currency'),
    description: optional('description'),
    inactive: 'inactive',
    description_en: optional('description_en'),
    description_fr: optional('description_fr'),
    description_es: optional('description_es'),
    description_pl: optional('description_pl'),
    created: optional('created'),
    modified: optional('modified'),
  },
};

export function listArticles(db: TenantDb, query: ArticleListQueryT) {
  let q = db.selectFrom('articles').selectAll();
  if (query.inactive !== undefined) q = q.where('inactive', '=', query.inactive === 'true' || query.inactive === '1');
  if (query.article_number !== undefined) q = q.where('article_number', '=', query.article_number);
  return q;
}

export const toArticle = (r: ArticleRow): ArticleT => ({
  id: Number(r.id),
  article_number: r.article_number,
  name: r.name,
  unit: r.unit,
  unit_price: r.unit_price === null ? null : Number(r.unit_price),
  currency: r.currency,
  description: r.description,
  inactive: toBool(r.inactive) ?? false,
  description_en: r.description_en,
  description_fr: r.description_fr,
  description_es: r.description_es,
  description_pl: r.description_pl,
  created: outTimestamp(r.created),
  modified: outTimestamp(r.modified),
});
