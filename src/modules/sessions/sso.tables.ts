// The single sign-on provider of a tenant (migration 2950), set by the operator with `zeitkonto sso set`.
export interface SsoProvidersTable {
  tenant_id: number;
  /** What the sign-in button calls the provider. */
  name: string;
  issuer: string;
  client_id: string;
  /** Sent to the provider's token endpoint; no route of the API reads it (docs/api/permissions.md "Single sign-on"). */
  client_secret: string;
  /** 'username' or 'email': which employee field the provider's claim names. */
  match_by: string;
  claim: string;
  created: string;
  modified: string;
}

export interface SsoTables {
  sso_providers: SsoProvidersTable;
}

// Its table, merged into the database Kysely sees (db/schema.ts).
declare module '../../db/schema.js' {
  interface DB extends SsoTables {}
}
