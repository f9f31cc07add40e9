// What keeps a customer from being deleted. Modules whose records reference customers (projects, invoices,
// offers, ...) add their row here. What the customer owns (addresses, managers, contacts, its own price
// tables, category links, attribute values) is not a reference: it is deleted with the customer.
import { sql, type Kysely } from 'kysely';
import type { DB } from '../../db/types.js';

export interface CustomerReference {
  table: string;
  column: string;
  /** Which customer value the column holds: the customer number (the contract's key) or the surrogate id. */
  by: 'customer_number' | 'id';
  /** Plural noun for the message, e.g. 'projects'. */
  what: string;
}

/** Tables that reference customers; each resource module adds its row. */
export const CUSTOMER_REFERENCES: CustomerReference[] = [];

/** Names of the kinds of records that still reference the customer (empty when it may be deleted). */
export async function customerReferences(db: Kysely<DB>, tenantId: number, customer: { id: number; customer_number: string }): Promise<string[]> {
  const found: string[] = [];
  for (const r of CUSTOMER_REFERENCES) {
    const value = r.by === 'id' ? customer.id : customer.customer_number;
    const row = await sql<{ one: number }>`SELECT 1 AS one FROM ${sql.table(r.table)} WHERE tenant_id = ${tenantId} AND ${sql.ref(r.column)} = ${value} LIMIT 1`.execute(db);
    if (row.rows.length > 0) found.push(r.what);
  }
  return found;
}
