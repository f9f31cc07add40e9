// Which invoices have a stored invoice document (creator_username is null otherwise). Documents are the invoice's
// attachments; until the attachment store lands on this branch no invoice has one.
import type { TenantDb } from '../../db/tenant-scope.js';

export async function invoicesWithDocuments(_db: TenantDb, _invoiceIds: readonly number[]): Promise<Set<number>> {
  return new Set();
}
