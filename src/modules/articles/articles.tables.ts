// Articles (migration 1600).
import type { DbBool, Owned, Stamps, Authored } from '../../db/columns.js';

export interface ArticlesTable extends Owned, Stamps, Authored {
  article_number: string;
  name: string;
  unit: string | null;
  unit_price: number | null;
  currency: string | null;
  description: string | null;
  description_en: string | null;
  description_fr: string | null;
  description_es: string | null;
  description_pl: string | null;
  inactive: DbBool;
}

export interface ArticleTables {
  articles: ArticlesTable;
}

// Its tables, merged into the database Kysely sees (db/schema.ts).
declare module '../../db/schema.js' {
  interface DB extends ArticleTables {}
}
