// GET /articles (inactive included unless `inactive=false`; filters `inactive`, `article_number`), GET
// /articles/{id} (contract); POST, PATCH/PUT, DELETE (additive in v1). The article number is unique in the
// tenant; an article still used (offer or invoice items refer to it) cannot be deleted.
import type { ZkApp } from '../../types.js';
import { deleteRow, refuseWhileUsed, resourceRoutes } from '../crud/index.js';
import { Article, ArticleCreate, ArticleListQuery, ArticleUpdate } from './articles.schemas.js';
import { articleListSpec, articles } from './articles.repository.js';

export default async function articleRoutes(app: ZkApp) {
  resourceRoutes(app, {
    name: 'Article',
    plural: 'articles',
    tags: ['Articles'],
    path: '/articles',
    records: { table: 'articles' },
    unique: { table: 'articles', field: 'article_number' },
    resource: Article,
    repository: articles,
    list: { query: ArticleListQuery, spec: articleListSpec },
    create: { body: ArticleCreate },
    update: { body: ArticleUpdate },
    remove: async (s, row) => {
      await refuseWhileUsed(s.db, 'articles', row, (what) => `The article is still used by ${what}.`);
      await deleteRow(s.db, 'articles', Number(row.id));
    },
  });
}
