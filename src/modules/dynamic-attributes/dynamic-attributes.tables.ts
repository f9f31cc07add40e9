// Dynamic attribute definitions and the values records carry (migration 0002).
import type { Generated } from 'kysely';
import type { DbBool, Authored } from '../../db/columns.js';

export interface DynamicAttributesTable extends Authored {
  tenant_id: number;
  id: Generated<number>;
  name: string;
  type: string;
  entity_type: string | null;
  required: DbBool;
  description: string | null;
  options: string | null;
  default_value: string | null;
  validation_rules: string | null;
  created: string | null;
  modified: string | null;
}

export interface DynamicAttributeValuesTable {
  tenant_id: number;
  entity_type: string;
  entity_id: number;
  attribute_id: number;
  value: string | null;
}

export interface DynamicAttributeTables {
  dynamic_attributes: DynamicAttributesTable;
  dynamic_attribute_values: DynamicAttributeValuesTable;
}

// Its tables, merged into the database Kysely sees (db/schema.ts).
declare module '../../db/schema.js' {
  interface DB extends DynamicAttributeTables {}
}
