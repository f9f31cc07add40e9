// Articles (docs/api/masterdata.md): the catalogue offers and invoices draw items from. The article number is
// unique in the tenant (a unique index, so two concurrent creates cannot both pass the check).
import type { Migration } from '../migration.js';
import { execScript } from '../migration.js';
import { ddl } from '../dialect.js';

export const articles: Migration = {
  version: '1600_articles',
  async up(db, dialect) {
    const t = ddl(dialect);
    await execScript(
      db,
      `
CREATE TABLE articles (
  tenant_id ${t.int} NOT NULL REFERENCES tenants (id) ON DELETE CASCADE,
  id ${t.id},
  article_number ${t.text} NOT NULL,
  name ${t.text} NOT NULL,
  unit ${t.text},
  unit_price ${t.num},
  currency ${t.text},
  description ${t.text},
  description_en ${t.text},
  description_fr ${t.text},
  description_es ${t.text},
  description_pl ${t.text},
  inactive ${t.bool} NOT NULL DEFAULT ${t.false},
  created ${t.timestamp},
  modified ${t.timestamp}
  ${t.tenantPk}
);
${t.tenantIdIndex('articles')}
CREATE UNIQUE INDEX articles_number ON articles (tenant_id, article_number);
CREATE INDEX articles_inactive ON articles (tenant_id, inactive, id);
CREATE INDEX articles_name ON articles (tenant_id, name, id);
CREATE INDEX articles_modified ON articles (tenant_id, modified)
`,
    );
  },
};
