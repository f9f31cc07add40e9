// Demo plans, through the planning services: next week planned for two employees on the first project
// (a range of 50 % days, a range of 4-hour days, a time range), a default planning of 20 % over next month, and one
// resource planning period (the demo tenant has the resource_planning module).
import type { TenantDb } from '../db/tenant-scope.js';
import { addDays, today } from '../values/formats.js';
import { monthStart, weekdayIndex } from '../values/dates.js';
import { createPlannings } from '../modules/plannings/plannings.service.js';
import { createDefaultPlanning } from '../modules/default-plannings/default-plannings.service.js';
import { createResourcePlanning } from '../modules/resource-plannings/resource-plannings.service.js';

export async function demoPlannings(db: TenantDb): Promise<void> {
  const project = await db.selectFrom('projects').select('id').orderBy('id').limit(1).executeTakeFirst();
  if (!project) return;
  const project_id = Number(project.id);
  const monday = addDays(today(), 7 - weekdayIndex(today()));
  const friday = addDays(monday, 4);
  await createPlannings(
    db,
    {
      employee_id: 'anna.schmidt',
      project_id,
      date: monday,
      date_to: friday,
      kind: 0,
      planning: 50,
      note: 'Konzeption',
    },
    true,
  );
  await createPlannings(
    db,
    { employee_id: 'max.mustermann', project_id, date: monday, date_to: friday, kind: 1, planning: 4 },
    true,
  );
  await createPlannings(
    db,
    {
      employee_id: 'jean-luc.picard',
      project_id,
      date: addDays(monday, 2),
      kind: 3,
      from: '09:00',
      to: '12:30',
      note: 'Workshop',
    },
    false,
  );
  const next = monthStart(1);
  await createDefaultPlanning(db, {
    employee_id: 'jean-luc.picard',
    project_id,
    kind: 0,
    planning: 20,
    start_date: next,
    end_date: addDays(monthStart(2), -1),
    note: 'Betreuung',
  });
  await createResourcePlanning(db, {
    employee_id: 'anna.schmidt',
    project_id,
    start_date: monthStart(0),
    end_date: addDays(monthStart(3), -1),
    unit: 'percent',
    value: 40,
    note: 'Relaunch',
  });
}
