// Demo bookings: a realistic last month for every demo employee, made through the booking service so they
// obey every rule (days the rules refuse — weekends, holidays — are simply skipped).
import type { TenantDb } from '../db/tenant-scope.js';
import type { Dialect } from '../db/dialect.js';
import type { Tenant } from '../tenancy/tenants.js';
import { ApiError } from '../http/errors.js';
import { addDays, today } from '../http/formats.js';
import { createAttendance } from '../modules/attendances/attendances.service.js';
import { bookableAssignments } from '../modules/projects/project-assignments.repository.js';

export async function demoBookings(db: TenantDb, tenant: Tenant, dialect: Dialect): Promise<number> {
  const assignments = await bookableAssignments(db);
  const byEmployee = new Map<string, (typeof assignments)[number]>();
  for (const a of assignments) if (!byEmployee.has(a.employee_id)) byEmployee.set(a.employee_id, a);

  const first = `${today().slice(0, 7)}-01`;
  const start = `${addDays(first, -1).slice(0, 7)}-01`;
  let made = 0;
  for (const a of byEmployee.values()) {
    for (let date = start; date < first; date = addDays(date, 1)) {
      for (const [from, to, note] of [['09:00', '12:30', 'Workshop preparation'], ['13:00', '17:00', 'Implementation']]) {
        try {
          await createAttendance({ db, dialect, tenant }, { employee_id: a.employee_id, date, from, to, project_id: Number(a.project_id), project_task_id: Number(a.task_id), activity_id: a.activity, note });
          made++;
        } catch (e) {
          if (!(e instanceof ApiError && e.statusCode === 422)) throw e; // a non-working day or similar: skip
        }
      }
    }
  }
  return made;
}
