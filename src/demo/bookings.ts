// Demo bookings: every working day from the first day of the previous month to yesterday for every demo employee
// (7.5 h a day; anna.schmidt adds two hours on Tuesdays and Thursdays), made through the booking service so they
// obey every rule (days the rules refuse — weekends, holidays, approved absences — are simply skipped).
import type { TenantDb } from '../db/tenant-scope.js';
import type { Dialect } from '../db/dialect.js';
import type { Tenant } from '../tenancy/tenants.js';
import { ApiError } from '../values/errors.js';
import { addDays, today } from '../values/formats.js';
import { createAttendance } from '../modules/attendances/attendances.service.js';
import { bookableAssignments } from '../modules/projects/project-assignments.repository.js';
import { monthStart } from '../values/dates.js';

export async function demoBookings(db: TenantDb, tenant: Tenant, dialect: Dialect): Promise<number> {
  const assignments = await bookableAssignments(db);
  const byEmployee = new Map<string, (typeof assignments)[number]>();
  for (const a of assignments) if (!byEmployee.has(a.employee_id)) byEmployee.set(a.employee_id, a);

  const end = today();
  let made = 0;
  for (const a of byEmployee.values()) {
    for (let date = monthStart(-1); date < end; date = addDays(date, 1)) {
      const overtime = a.employee_id === 'anna.schmidt' && [2, 4].includes(new Date(`${date}T00:00:00Z`).getUTCDay());
      const blocks = [
        ['09:00', '12:30', 'Workshop preparation'],
        ['13:00', '17:00', 'Implementation'],
        ...(overtime ? [['17:00', '19:00', 'Release']] : []),
      ];
      for (const [from, to, note] of blocks) {
        try {
          await createAttendance(
            { db, dialect, tenant },
            {
              employee_id: a.employee_id,
              date,
              from,
              to,
              project_id: Number(a.project_id),
              project_task_id: Number(a.task_id),
              activity_id: a.activity,
              note,
            },
          );
          made++;
        } catch (e) {
          if (!(e instanceof ApiError && e.statusCode === 422)) throw e; // a non-working day or similar: skip
        }
      }
    }
  }
  return made;
}
