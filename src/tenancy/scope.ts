// What every repository call of a request needs: the tenant's view of the database, the dialect and the tenant.
import type { Dialect } from '../db/dialect.js';
import type { TenantDb } from '../db/tenant-scope.js';
import type { Tenant } from './tenants.js';

export interface Scope {
  db: TenantDb;
  dialect: Dialect;
  tenant: Tenant;
}
