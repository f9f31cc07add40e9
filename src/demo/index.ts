// The demo tenant "demo": created on the first start of an empty database (and by `zeitkonto demo`).
// Each area contributes its demo data (the steps here, then the `demo` records a module declares in its folder);
// everything is created in one go for a fresh tenant.
import type { Kysely } from 'kysely';
import type { DB } from '../db/schema.js';
import { forTenant, type TenantDb } from '../db/tenant-scope.js';
import type { Dialect } from '../db/dialect.js';
import { createTenant, type Tenant } from '../tenancy/tenants.js';
import { createToken } from '../tenancy/tokens.js';
import { demoMasterdata } from './masterdata.js';
import { demoCustomers } from './customers.js';
import { demoProjects } from './projects.js';
import { demoPeople, type DemoSignIn } from './people.js';
import { demoBookings } from './bookings.js';
import { demoAbsences } from './absences.js';
import { demoReceipts } from './receipts.js';
import { demoCommercial } from './commercial.js';
import { demoPlannings } from './plannings.js';
import { MODULE_DEMOS } from '../modules/index.js';
import { listCustomers } from '../modules/customers/customers.repository.js';
import { listEmployees } from '../modules/employees/employees.repository.js';

export const DEMO_INSTANCE = 'demo';

export type { DemoSignIn };

/** Demo data steps, in dependency order (the people step records the demo employees' passwords); then each module's
 * own demo records (tenancy/demo-records.ts). */
const steps: ((db: TenantDb, tenant: Tenant, dialect: Dialect, passwords: DemoSignIn[]) => Promise<unknown>)[] = [
  demoMasterdata,
  (db, tenant, _dialect, passwords) => demoPeople(db, tenant, passwords),
  demoCustomers,
  async (db, tenant) => {
    const customers = await listCustomers(db, {}).orderBy('customer_number').execute();
    const employees = await listEmployees(db, {}).orderBy('username').execute();
    // o'brien.j is not on the first project (he books on the second): /docs offers assigning him.
    await demoProjects(db, tenant, {
      customerNumbers: customers.map((c) => c.customer_number),
      usernames: employees.map((e) => e.username),
      unassigned: "o'brien.j",
    });
  },
  demoAbsences,
  demoBookings,
  demoReceipts,
  demoCommercial,
  demoPlannings,
  ...MODULE_DEMOS,
];

/** Every demo step for a fresh tenant; answers the sign-ins of the demo employees it created. */
export async function demoData(db: Kysely<DB>, tenant: Tenant, dialect: Dialect): Promise<DemoSignIn[]> {
  const passwords: DemoSignIn[] = [];
  for (const step of steps) await step(forTenant(db, tenant.id, tenant.language), tenant, dialect, passwords);
  return passwords;
}

export interface DemoTenant {
  tenant: Tenant;
  token: string;
  /** The demo employees' sign-ins (random passwords, shown once). */
  signIns: DemoSignIn[];
}

export async function createDemoTenant(db: Kysely<DB>, dialect: Dialect): Promise<DemoTenant> {
  return createDemoTenantAs(db, dialect, DEMO_INSTANCE);
}

/** The lines that show the demo sign-ins once (`zeitkonto serve` on an empty database, `zeitkonto demo`). */
export function demoSignInText(signIns: DemoSignIn[], url?: string): string {
  const width = Math.max(...signIns.map((s) => s.username.length));
  return [
    'Sign in to the web app' + (url ? ` at ${url}/` : '') + ` (tenant "${DEMO_INSTANCE}") as (passwords shown once):`,
    '',
    ...signIns.map((s) => `  ${s.username.padEnd(width)}  ${s.password}  (${s.role})`),
    '',
  ].join('\n');
}

/** The demo tenant under another instance name (tests of what /docs offers on a fresh demo tenant). */
export async function createDemoTenantAs(db: Kysely<DB>, dialect: Dialect, instance: string): Promise<DemoTenant> {
  const tenant = await createTenant(db, {
    instance,
    name: 'Demo GmbH',
    edition: 'full',
    language: 'en',
    modules: ['departments', 'resource_planning'],
  });
  const signIns = await demoData(db, tenant, dialect);
  const { token } = await createToken(db, tenant.id, { name: 'demo' });
  return { tenant, token, signIns };
}
