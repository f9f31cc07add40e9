// What keeps a customer from being deleted. Modules whose records reference customers (projects, invoices,
// offers, ...) add their row here. What the customer owns (addresses, managers, contacts, its own price
// tables, category links, attribute values) is not a reference: it is deleted with the customer.
import type { TenantDb } from '../../db/tenant-scope.js';
import { findReferences, type ReferenceCheck } from '../../db/references.js';

/** Tables referencing a customer by its customer number (the contract's key). */
export const CUSTOMER_REFERENCES: ReferenceCheck[] = [{ table: 'projects', column: 'customer_id', what: 'projects' }];
/** Tables referencing a customer by its surrogate id. */
export const CUSTOMER_ID_REFERENCES: ReferenceCheck[] = [];

/** Names of the kinds of records that still reference the customer (empty when it may be deleted). */
export async function customerReferences(db: TenantDb, customer: { id: number; customer_number: string }): Promise<string[]> {
  return [
    ...(await findReferences(db, CUSTOMER_REFERENCES, customer.customer_number)),
    ...(await findReferences(db, CUSTOMER_ID_REFERENCES, customer.id)),
  ];
}
