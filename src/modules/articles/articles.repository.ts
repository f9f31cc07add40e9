// SQL for articles; every query is scoped by tenant.
import { rowMapper } from '../../db/row-mapping.js';
import type { Selectable } from 'kysely';
import type { TenantDb } from '../../db/tenant-scope.js';
import type { Scope } from '../../tenancy/scope.js';
import { constraintKind } from '../../db/dialect.js';
import { fieldError } from '../../values/errors.js';
import { findRow, insertRow, pick, updateRow } from '../crud/index.js';
import type { ListSpec } from '../../db/list-spec.js';
import type { ArticlesTable } from './articles.tables.js';
import {
  Article,
  DESCRIPTION_LANGUAGES,
  type ArticleListQueryT,
  type ArticleT,
  type ArticleWriteT,
} from './articles.schemas.js';

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

/** The columns an article body writes. */
const COLUMNS = [
  'article_number',
  'name',
  'unit',
  'unit_price',
  'currency',
  'description',
  'inactive',
  ...DESCRIPTION_LANGUAGES,
] as const;

/** Two concurrent writes of one number both pass the check; the unique index refuses the second, on its field. */
async function numbered<T>(write: Promise<T>): Promise<T> {
  try {
    return await write;
  } catch (e) {
    if (constraintKind(e) === 'unique')
      throw fieldError('article_number', 'The article number has already been taken.');
    throw e;
  }
}

const columns = (body: ArticleWriteT) => pick(body, COLUMNS);

/** The articles as the CRUD kit (modules/crud) lists, reads and writes them. */
export const articles = {
  list: ({ db }: Scope, query: ArticleListQueryT) => listArticles(db, query),
  find: ({ db }: Scope, id: number) => findRow(db, 'articles', 'id', id),
  show: (_s: Scope, row: ArticleRow) => toArticle(row),
  insert: ({ db }: Scope, body: ArticleWriteT) =>
    numbered(insertRow(db, 'articles', { inactive: false, ...columns(body) })),
  update: ({ db }: Scope, row: ArticleRow, changes: ArticleWriteT) =>
    numbered(updateRow(db, 'articles', Number(row.id), columns(changes))),
};
