// Demo data for projects: one project per customer (runtime from 2024-01-01, open-ended, bookable
// status), two tasks each, the given employees assigned (but `unassigned` on the first project, so /docs can offer
// assigning an employee: docs/api/try-it-out.md), activities 'be' (Beratung) and 're' (Reise) allowed,
// and a project price table on the first project. Safe to run twice: existing projects are left alone.
import type { TenantDb } from '../db/tenant-scope.js';
import type { Tenant } from '../tenancy/tenants.js';
import { existsInTenant } from '../db/lookup.js';
import { findRow, insertRow } from '../modules/crud/index.js';
import { createPriceTable } from '../modules/price-tables/price-tables.service.js';
import { findActivity, insertActivity } from '../modules/activities/activities.repository.js';
import { employeePriceGroup, insertAssignment } from '../modules/projects/project-assignments.repository.js';
import { insertProjectActivity } from '../modules/projects/project-activities.repository.js';
import { insertTask } from '../modules/projects/project-tasks.repository.js';
import { createProject } from '../modules/projects/projects.service.js';

const ACTIVITIES = [
  { name: 'be', description: 'Beratung', is_travel: false },
  { name: 're', description: 'Reise', is_travel: true },
];
const PRICE_GROUP = 'Standard';

async function ensureActivities(db: TenantDb): Promise<number[]> {
  const ids: number[] = [];
  for (const a of ACTIVITIES)
    ids.push(Number((await findActivity(db, a.name))?.id ?? (await insertActivity(db, a)).id));
  return ids;
}

async function projectPriceTable(db: TenantDb, tenant: Tenant, projectId: number) {
  if (!(await findRow(db, 'price_groups', 'name', PRICE_GROUP)))
    await insertRow(db, 'price_groups', { name: PRICE_GROUP, number: '01', status: true, description: null });
  await createPriceTable(
    db,
    tenant,
    { level: 'project', project_id: projectId },
    {
      start_date: '2024-01-01',
      prices: [
        { price_group: PRICE_GROUP, price: 120, type: 'basehour', activity: 'be' },
        { price_group: PRICE_GROUP, price: 60, type: 'basehour', activity: 're' },
      ],
    },
  );
}

export async function demoProjects(
  db: TenantDb,
  tenant: Tenant,
  opts: { customerNumbers: string[]; usernames: string[]; unassigned?: string },
): Promise<void> {
  const activityIds = await ensureActivities(db);
  let first = true;
  for (const [i, customer] of opts.customerNumbers.entries()) {
    const name = `Projekt ${customer}`;
    if (await existsInTenant(db, 'projects', 'name', name)) continue;
    const projectId = await createProject(db, tenant, {
      name,
      description: `Demo project for customer ${customer}`,
      customer_id: customer,
      start_date: '2024-01-01',
      project_status_id: 'aktiv',
      billing_type: 1,
      plan_hours: 200 + 100 * i,
      plan_can_exceed: 0,
      default_billability: 0,
    });
    for (const task of ['Konzeption', 'Umsetzung'])
      await insertTask(db, projectId, { name: task, description: `${task} (${customer})`, plan_hours: 80 });
    for (const username of opts.usernames) {
      if (first && username === opts.unassigned) continue;
      const price_group = await employeePriceGroup(db, username);
      await insertAssignment(db, projectId, {
        employee_id: username,
        from_date: '2024-01-01',
        availability: 100,
        price_group,
      });
    }
    for (const activityId of activityIds) await insertProjectActivity(db, projectId, activityId, 1);
    if (first) await projectPriceTable(db, tenant, projectId);
    first = false;
  }
}
