// Demo absences, entered through the absence service before the demo bookings (so those skip the days away): a week
// of approved leave and a sick day last month, an approved half day, and a leave request for next month still
// pending. With the bookings they give every demo employee a working-time balance worth looking at.
import type { TenantDb } from '../db/tenant-scope.js';
import type { Dialect } from '../db/dialect.js';
import type { Tenant } from '../tenancy/tenants.js';
import { addDays } from '../values/formats.js';
import { monthStart, secondMonday } from '../values/dates.js';
import { createAbsence } from '../modules/absences/absences.service.js';

export async function demoAbsences(db: TenantDb, tenant: Tenant, dialect: Dialect): Promise<void> {
  const s = { db, dialect, tenant };
  const last = secondMonday(monthStart(-1));
  const next = secondMonday(monthStart(1));
  await createAbsence(s, {
    employee_id: 'anna.schmidt',
    absence_reason_id: 'UB',
    start_date: last,
    end_date: addDays(last, 4),
    note: 'Sommerurlaub',
    approval_status: 'approved',
    status_edited_by: 'jean-luc.picard',
  });
  await createAbsence(s, {
    employee_id: 'max.mustermann',
    absence_reason_id: 'KR',
    start_date: addDays(last, 2),
    note: 'Erkältung',
  });
  await createAbsence(s, {
    employee_id: 'jean-luc.picard',
    absence_reason_id: 'UB',
    start_date: addDays(last, 8),
    half_day_from: true,
    approval_status: 'approved',
    status_edited_by: 'anna.schmidt',
  });
  await createAbsence(s, {
    employee_id: "o'brien.j",
    absence_reason_id: 'UB',
    start_date: next,
    end_date: addDays(next, 2),
    note: 'Family visit',
  });
}
