// Field-level module gating (docs/api/conventions.md): a field whose module is off is absent from the
// response, not null. Resources declare { field: module } once and call omitGatedFields in their mapper.
import type { ModuleName, Tenant } from './tenants.js';

export type FieldModules = Readonly<Record<string, ModuleName>>;

export function omitGatedFields<T extends Record<string, unknown>>(
  record: T,
  tenant: Pick<Tenant, 'modules'>,
  fields: FieldModules,
): T {
  // Assigning undefined (rather than `delete`) keeps the object's shape fast; the serializer and JSON.stringify
  // both leave undefined fields out of the response.
  for (const field in fields) {
    if (!tenant.modules.has(fields[field])) (record as Record<string, unknown>)[field] = undefined;
  }
  return record;
}
