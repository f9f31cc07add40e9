// Membership tables (department managers, device employees, location list items): count members per owner for a
// page, resolve requested member keys (unknown ones are a 422 on the field), replace an owner's members.
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.js';
import { fieldError } from '../../http/errors.js';
import { countPerOwner, existingValues } from '../../db/lookup.js';

export type LinkTable = 'department_managers' | 'device_employees' | 'location_list_items';
interface Link {
  table: LinkTable;
  owner: string;
  member: string;
}
export const DEPARTMENT_MANAGERS: Link = { table: 'department_managers', owner: 'department_id', member: 'employee_id' };
export const DEVICE_EMPLOYEES: Link = { table: 'device_employees', owner: 'device_id', member: 'employee_id' };
export const LOCATION_LIST_ITEMS: Link = { table: 'location_list_items', owner: 'location_list_id', member: 'location_code' };

const any = (db: Kysely<DB>) => db as Kysely<any>;

/** Number of members per owner id (0 for owners without members). */
export const countLinks = (db: Kysely<DB>, link: Link, tenantId: number, ownerIds: readonly number[]) => countPerOwner(db, link.table, tenantId, link.owner, ownerIds);

/** Distinct requested keys that all exist as `table.column` in the tenant; otherwise a 422 on `field`. */
export async function resolveExisting(db: Kysely<DB>, table: keyof DB & string, column: string, tenantId: number, keys: readonly string[], field: string): Promise<string[]> {
  const unique = [...new Set(keys)];
  const found = await existingValues(db, table, tenantId, column, unique);
  const missing = unique.filter((k) => !found.has(k));
  if (missing.length) throw fieldError(field, `The selected ${field} ${missing.map((m) => `"${m}"`).join(', ')} ${missing.length > 1 ? 'are' : 'is'} invalid.`);
  return unique;
}

/** Replace an owner's members (call inside the owner's write transaction). */
export async function replaceLinks(db: Kysely<DB>, link: Link, tenantId: number, ownerId: number, members: readonly string[]): Promise<void> {
  await any(db).deleteFrom(link.table).where('tenant_id', '=', tenantId).where(link.owner, '=', ownerId).execute();
  if (members.length === 0) return;
  await any(db)
    .insertInto(link.table)
    .values(members.map((m) => ({ tenant_id: tenantId, [link.owner]: ownerId, [link.member]: m })))
    .execute();
}
