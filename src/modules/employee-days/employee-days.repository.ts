// SQL of an employee's days: booked hours per day (one grouped query on the (employee, date) index) and the projects
// the employee is assigned to, with their names. The calendar, closings and approval date come from their loaders.
import { sql } from 'kysely';
import type { TenantDb } from '../../db/tenant-scope.js';

/** Hours booked per day in [from, to]. */
export async function bookedPerDay(db: TenantDb, username: string, from: string, to: string) {
  const rows = await db
    .selectFrom('attendances')
    .select(['date', sql<number>`sum(duration)`.as('hours')])
    .where('employee_id', '=', username)
    .where('date', '>=', from)
    .where('date', '<=', to)
    .groupBy('date')
    .execute();
  return new Map(rows.map((r) => [String(r.date).slice(0, 10), Number(r.hours)]));
}

/** The projects the employee is assigned to (one row per project), by name. */
export async function assignedProjects(db: TenantDb, username: string) {
  const rows = await db
    .selectFrom('projects as p')
    .select(['p.id', 'p.name', 'p.default_billability'])
    .where('p.id', 'in', (eb) =>
      eb
        .selectFrom('project_assignments as a')
        .select('a.project_id')
        .where('a.tenant_id', '=', db.tenantId)
        .where('a.employee_id', '=', username),
    )
    .orderBy('p.name')
    .orderBy('p.id')
    .execute();
  return rows.map((r) => ({ id: Number(r.id), name: r.name, default_billability: Number(r.default_billability) }));
}
