// SQL for articles; every query is scoped by tenant.
import { rowMapper } from '../../db/row-mapping.js';
import type { Selectable } from 'kysely';
import type { TenantDb } from '../../db/tenant-scope.js';
import type { ListSpec } from '../../db/list-spec.js';
import type { ArticlesTable } from './articles.tables.js';
import { Article, type ArticleListQueryT, type ArticleT } from './articles.schemas.js';

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

export const toArticle: (r: ArticleRow) => ArticleT = rowMapper(Article);
