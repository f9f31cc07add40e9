// One record of each resource the other demo steps leave empty (a device, a location list, a break regulation type,
// a dynamic attribute, a transponder and a meal of the first employee, a location of the first project, a ticket on its
// first task with a subtask, an inactive webhook: no deliveries are queued for it), so that
// every update the /docs page offers under "Try it out" has a demo record to name (docs/api/try-it-out.md).
// Safe to run twice: nothing is added when the tenant has a device.
import type { TenantDb } from '../db/tenant-scope.js';
import { insertRow } from '../modules/crud/index.js';
import { insertDynamicAttribute } from '../modules/dynamic-attributes/dynamic-attributes.repository.js';
import { writeTicket } from '../modules/tickets/tickets.service.js';
import { writeSubtask } from '../modules/tickets/subtasks.service.js';
import { addDays } from '../values/formats.js';
import { newSecret } from '../modules/webhooks/webhooks.secrets.js';
import { monthStart } from '../values/dates.js';

export async function demoExtras(db: TenantDb): Promise<void> {
  if (await db.selectFrom('devices').select('id').limit(1).executeTakeFirst()) return;
  const employee = await db.selectFrom('employees').select('username').orderBy('username').executeTakeFirst();
  const project = await db.selectFrom('projects').select('id').orderBy('id').executeTakeFirst();
  await insertRow(db, 'devices', {
    type: 0,
    status: 1,
    name: 'Terminal Empfang',
    password_hash: null,
    min_time: null,
    max_time: null,
    track: 0,
    display_config: null,
  });
  await insertRow(db, 'location_lists', { name: 'Standorte Nord', description: 'Hamburg und Bremen' });
  await insertRow(db, 'break_regulation_types', { name: 'Gesetzliche Pause' });
  await insertDynamicAttribute(db, { name: 'Kostenstelle', type: 'Text', entity_type: 'project' });
  await insertRow(db, 'webhooks', {
    url: 'https://example.org/zeitkonto-demo',
    events: JSON.stringify(['customer.created', 'customer.updated']),
    secret: newSecret(),
    active: false,
  });
  if (employee) {
    await insertRow(db, 'transponders', {
      employee_id: employee.username,
      number: 'T-1001',
      valid_from: monthStart(-1),
      valid_until: null,
      note: null,
    });
    await insertRow(db, 'meals', {
      employee_id: employee.username,
      date: addDays(monthStart(-1), 2),
      meal_type: 2,
      note: 'Mittagessen Kantine',
    });
  }
  if (project)
    await insertRow(db, 'project_locations', {
      project_id: Number(project.id),
      name: 'Werk Süd',
      description: 'Produktionshalle',
    });
  const task =
    project &&
    (await db
      .selectFrom('project_tasks')
      .select('id')
      .where('project_id', '=', Number(project.id))
      .orderBy('id')
      .executeTakeFirst());
  if (project && task && employee) {
    const ticket = await writeTicket(db, {
      subject: 'Zeiterfassung am Terminal einrichten',
      status: 2,
      priority: 2,
      project_id: Number(project.id),
      project_task_id: Number(task.id),
      creator_username: employee.username,
    });
    await writeSubtask(db, ticket, {
      subject: 'Terminal',
      name: 'Transponder anlernen',
      status: 1,
      creator_username: employee.username,
    });
  }
}
