// Tenants, their API tokens (migration 0001) and sign-in sessions (migration 2903).
import type { Generated } from 'kysely';
import type { DbBool } from '../db/columns.js';

export interface TenantsTable {
  id: Generated<number>;
  instance: string;
  name: string;
  edition: string;
  modules: string; // JSON array of module names
  settings: string; // JSON object of tenant settings
  language: string;
  created: string;
  modified: string;
}

export interface ApiTokensTable {
  tenant_id: number;
  id: Generated<number>;
  name: string;
  token_hash: string;
  read_only: DbBool;
  employee_id: string | null;
  scopes: string | null; // JSON array; NULL: every scope
  expires_at: string | null;
  revoked_at: string | null;
  last_used_at: string | null;
  created: string;
  modified: string;
}

export interface SessionsTable {
  tenant_id: number;
  id: Generated<number>;
  employee_id: string;
  secret_hash: string;
  csrf_token: string;
  user_agent: string | null;
  created: string;
  last_seen: string;
  expires_at: string;
}

export interface TenancyTables {
  tenants: TenantsTable;
  api_tokens: ApiTokensTable;
  sessions: SessionsTable;
}

// Its tables, merged into the database Kysely sees (db/schema.ts).
declare module '../db/schema.js' {
  interface DB extends TenancyTables {}
}
