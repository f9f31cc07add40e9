// Categories (migration 0001) and their links to other records (migration 0002).
import type { Authored } from '../../db/columns.js';
import type { Generated } from 'kysely';

export interface CategoriesTable extends Authored {
  tenant_id: number;
  id: Generated<number>;
  name: string;
  description: string | null; // JSON translations
  type: string;
  created: string | null;
  modified: string | null;
}

export interface CategoryLinksTable {
  tenant_id: number;
  entity_type: string;
  entity_id: number;
  category_id: number;
}

export interface CategoryTables {
  categories: CategoriesTable;
  category_links: CategoryLinksTable;
}

// Its tables, merged into the database Kysely sees (db/schema.ts).
declare module '../../db/schema.js' {
  interface DB extends CategoryTables {}
}
