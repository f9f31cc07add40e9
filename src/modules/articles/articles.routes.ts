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
  type ArticleWriteT,
} from './articles.schemas.js';
import { articleListSpec, listArticles, toArticle } from './articles.repository.js';

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
  resourceRoutes(app, {
    name: 'Article',
    plural: 'articles',
    tags: ['Articles'],
    path: '/articles',
    records: { table: 'articles' },
    unique: { table: 'articles', field: 'article_number' },
    resource: Article,
    repository: {
      list: (s, q) => listArticles(s.db, q),
      find: (s, id) => findRow(s.db, 'articles', 'id', id),
      show: (_s, row) => toArticle(row),
      insert: (s, body) => numbered(insertRow(s.db, 'articles', { inactive: false, ...columns(body) })),
      update: (s, row, body) => numbered(updateRow(s.db, 'articles', Number(row.id), columns(body))),
    },
    list: { query: ArticleListQuery, spec: articleListSpec },
    create: { body: ArticleCreate },
    update: { body: ArticleUpdate },
    remove: async (s, row) => {
      await refuseWhileUsed(s.db, 'articles', row, (what) => `The article is still used by ${what}.`);
      await deleteRow(s.db, 'articles', Number(row.id));
    },
  });
}
