// Field-level module gating (issue 2 §3, reference §1.4): a field whose module is off is absent from the
// response, not null. Resources declare { field: module } once and call omitGatedFields in their mapper.
import type { ModuleName, Tenant } from '../tenancy/tenants.js';

export type FieldModules = Readonly<Record<string, ModuleName>>;

export function omitGatedFields<T extends Record<string, unknown>>(record: T, tenant: Pick<Tenant, 'modules'>, fields: FieldModules): T {
  for (const [field, module] of Object.entries(fields)) {
    if (!tenant.modules.has(module)) delete record[field];
  }
  return record;
}
