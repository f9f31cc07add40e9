// Membership tables (department managers, device employees, location list items): count members per owner for a
// page, resolve requested member keys (unknown ones are a 422 on the field), replace an owner's members.
import { untyped, type TenantDb, type TenantTable } from '../../db/tenant-scope.js';
import { countPerOwner, existingValues } from '../../db/lookup.js';
import { fieldError } from '../../values/errors.js';

export type LinkTable = 'department_managers' | 'device_employees' | 'location_list_items';
interface Link {
  table: LinkTable;
  owner: string;
  member: string;
}
export const DEPARTMENT_MANAGERS: Link = {
  table: 'department_managers',
  owner: 'department_id',
  member: 'employee_id',
};
export const DEVICE_EMPLOYEES: Link = { table: 'device_employees', owner: 'device_id', member: 'employee_id' };
export const LOCATION_LIST_ITEMS: Link = {
  table: 'location_list_items',
  owner: 'location_list_id',
  member: 'location_code',
};

/** Number of members per owner id (0 for owners without members). */
export const countLinks = (db: TenantDb, link: Link, ownerIds: readonly number[]) =>
  countPerOwner(db, link.table, link.owner, ownerIds);

/** Distinct requested keys that all exist as `table.column` in the tenant; otherwise a 422 on `field`. */
export async function resolveExisting(
  db: TenantDb,
  table: TenantTable,
  column: string,
  keys: readonly string[],
  field: string,
): Promise<string[]> {
  const unique = [...new Set(keys)];
  const found = await existingValues(db, table, column, unique);
  const missing = unique.filter((k) => !found.has(k));
  if (missing.length)
    throw fieldError(
      field,
      `The selected ${field} ${missing.map((m) => `"${m}"`).join(', ')} ${missing.length > 1 ? 'are' : 'is'} invalid.`,
    );
  return unique;
}

/** Replace an owner's members (call inside the owner's write transaction). */
export async function replaceLinks(
  db: TenantDb,
  link: Link,
  ownerId: number,
  members: readonly string[],
): Promise<void> {
  await untyped(db).deleteFrom(link.table).where(link.owner, '=', ownerId).execute();
  if (members.length === 0) return;
  await untyped(db)
    .insertInto(
      link.table,
      members.map((m) => ({ [link.owner]: ownerId, [link.member]: m })),
    )
    .execute();
}
