// What a module may add to the demo tenant (src/demo): its own demo records, created after the demo tenant's
// people, customers, projects, bookings and documents, so that they can name those. The demo tenant holds at least one
// record of every resource: every update the /docs page offers under "Try it out" names one
// (docs/api/try-it-out.md).
import type { Dialect } from '../db/dialect.js';
import type { TenantDb } from '../db/tenant-scope.js';
import type { Tenant } from './tenants.js';

/** Creates a module's demo records in a fresh demo tenant (`demo` exported by the module's index.ts). */
export type DemoRecords = (db: TenantDb, tenant: Tenant, dialect: Dialect) => Promise<unknown>;

/** The demo tenant's first employee (by username) and first project (by id), which module demo records refer to. */
export async function demoAnchors(db: TenantDb): Promise<{ username?: string; projectId?: number; taskId?: number }> {
  const employee = await db.selectFrom('employees').select('username').orderBy('username').executeTakeFirst();
  const project = await db.selectFrom('projects').select('id').orderBy('id').executeTakeFirst();
  const task =
    project &&
    (await db
      .selectFrom('project_tasks')
      .select('id')
      .where('project_id', '=', Number(project.id))
      .orderBy('id')
      .executeTakeFirst());
  return {
    username: employee?.username,
    projectId: project ? Number(project.id) : undefined,
    taskId: task ? Number(task.id) : undefined,
  };
}
