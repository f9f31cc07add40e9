// GET /articles (inactive included unless `inactive=false`; filters `inactive`, `article_number`), GET
// /articles/{id} (contract); POST, PATCH/PUT, DELETE (additive in v1). The article number is unique in the
// tenant; an article still used (offer or invoice items refer to it) cannot be deleted.
import type { ZkApp } from '../../types.js';
import { constraintKind } from '../../db/dialect.js';
import { fieldError } from '../../values/errors.js';
import { deleteRow, findRow, insertRow, pick, refuseWhileUsed, resourceRoutes, updateRow } from '../crud/index.js';
import {
  Article,
  ArticleCreate,
  ArticleListQuery,
  ArticleUpdate,
  DESCRIPTION_LANGUAGES,
  type ArticleT,
  type ArticleWriteT,
} from './articles.schemas.js';
import { articleListSpec, listArticles, toArticle, type ArticleRow } from './articles.repository.js';

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

export default async function articleRoutes(app: ZkApp) {
  resourceRoutes<undefined, ArticleRow, ArticleT>(app, {
    name: 'Article',
    plural: 'articles',
    tags: ['Articles'],
    path: '/articles',
    records: { table: 'articles' },
    unique: { table: 'articles', field: 'article_number' },
    resource: Article,
    list: { query: ArticleListQuery, build: (s, _p, q) => listArticles(s.db, q), spec: articleListSpec },
    find: (s, _p, id) => findRow(s.db, 'articles', 'id', id),
    show: (_s, _p, row) => toArticle(row),
    create: {
      body: ArticleCreate,
      run: (s, _p, body) => numbered(insertRow(s.db, 'articles', { inactive: false, ...columns(body) })),
    },
    update: {
      body: ArticleUpdate,
      run: (s, _p, row, body) => numbered(updateRow(s.db, 'articles', Number(row.id), columns(body))),
    },
    remove: async (s, _p, row) => {
      await refuseWhileUsed(s.db, 'articles', row, (what) => `The article is still used by ${what}.`);
      await deleteRow(s.db, 'articles', Number(row.id));
    },
  });
}
