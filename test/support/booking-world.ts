// A tenant ready for bookings: an employee employed since 2020 with a Mon–Fri schedule, a bookable project
// with a task, and an activity. Prerequisites are seeded directly; behaviour is asserted through HTTP.
import type { Kysely } from 'kysely';
import type { DB } from '../../src/db/schema.js';
import { nowTimestamp } from '../../src/values/formats.js';
import type { Client, TestContext } from './app.js';
import { seedEmployee } from './seed.js';
import type { ModuleName, Edition, TenantSettings } from '../../src/tenancy/tenants.js';

export interface World {
  c: Client;
  db: Kysely<DB>;
  employee: string;
  projectId: number;
  taskId: number;
  activity: string;
  /** A valid booking body (Tuesday 2026-03-10, 09:00–12:00), with overrides. */
  body(over?: Record<string, unknown>): Record<string, unknown>;
  book(over?: Record<string, unknown>): ReturnType<Client['post']>;
  addEmployee(opts?: { periods?: [string | null, string | null][]; workdays?: boolean[] }): Promise<string>;
  addProject(over?: Record<string, unknown>): Promise<{ projectId: number; taskId: number }>;
  addTask(projectId: number, over?: Record<string, unknown>): Promise<number>;
}

const stamp = () => ({ created: nowTimestamp(), modified: nowTimestamp() });
const DAYS = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'];

export async function bookingWorld(
  t: TestContext,
  opts: { modules?: ModuleName[]; edition?: Edition; settings?: TenantSettings; language?: string } = {},
): Promise<World> {
  const c = await t.tenant(opts);
  const db = t.database.db as Kysely<any>;
  const tenant_id = c.tenant.id;

  const calendar = await db
    .insertInto('holiday_calendars')
    .values({ tenant_id, name: 'Standard', ...stamp() })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db
    .insertInto('project_statuses')
    .values({ tenant_id, name: 'aktiv', bookable: true, ...stamp() })
    .execute();
  await db
    .insertInto('project_statuses')
    .values({ tenant_id, name: 'gesperrt', bookable: false, ...stamp() })
    .execute();
  await db
    .insertInto('activities')
    .values({ tenant_id, name: 'be', description: 'Beratung', is_travel: false, ...stamp() })
    .execute();
  await db
    .insertInto('activities')
    .values({ tenant_id, name: 're', description: 'Reise', is_travel: true, ...stamp() })
    .execute();

  const addEmployee: World['addEmployee'] = async ({
    periods = [['2020-01-01', null]],
    workdays = [true, true, true, true, true, false, false],
  } = {}) => {
    const e = await seedEmployee(t.database.db, tenant_id);
    for (const [start_date, end_date] of periods)
      await db
        .insertInto('employment_periods')
        .values({ tenant_id, employee_id: e.username, start_date, end_date, ...stamp() })
        .execute();
    const schedule: Record<string, unknown> = {};
    DAYS.forEach((d, i) => {
      schedule[d] = workdays[i] ? 8 : 0;
      schedule[`${d}_workday`] = workdays[i];
    });
    await db
      .insertInto('regular_working_times')
      .values({
        tenant_id,
        employee_id: e.username,
        start_date: null,
        holiday_calendar_id: Number(calendar.id),
        ...schedule,
        ...stamp(),
      })
      .execute();
    return e.username;
  };
  const addTask: World['addTask'] = async (projectId, over = {}) =>
    Number(
      (
        await db
          .insertInto('project_tasks')
          .values({ tenant_id, project_id: projectId, name: 'Task', billing_type: 1, ...stamp(), ...over })
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id,
    );
  const addProject: World['addProject'] = async (over = {}) => {
    const p = await db
      .insertInto('projects')
      .values({
        tenant_id,
        name: `P${Math.random().toString(36).slice(2, 8)}`,
        project_status_id: 'aktiv',
        start_date: '2020-01-01',
        default_billability: 0,
        ...stamp(),
        ...over,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const projectId = Number(p.id);
    // Only the project's activities may be booked on it.
    const activities = await db.selectFrom('activities').select('id').where('tenant_id', '=', tenant_id).execute();
    for (const a of activities)
      await db
        .insertInto('project_activities')
        .values({ tenant_id, project_id: projectId, activity_id: Number(a.id), default_factor: 1, ...stamp() })
        .execute();
    return { projectId, taskId: await addTask(projectId) };
  };

  const employee = await addEmployee();
  const { projectId, taskId } = await addProject();
  const world: World = {
    c,
    db: t.database.db,
    employee,
    projectId,
    taskId,
    activity: 'be',
    body: (over = {}) => ({
      employee_id: employee,
      date: '2026-03-10',
      from: '09:00',
      to: '12:00',
      project_id: projectId,
      project_task_id: taskId,
      activity_id: 'be',
      ...over,
    }),
    book: (over = {}) => c.post('/attendances', world.body(over)),
    addEmployee,
    addProject,
    addTask,
  };
  return world;
}

/** Holidays in the world's standard calendar. */
export async function addHoliday(w: World, date: string, name: string, half_day = false) {
  const db = w.db as Kysely<any>;
  const cal = await db
    .selectFrom('holiday_calendars')
    .select('id')
    .where('tenant_id', '=', w.c.tenant.id)
    .executeTakeFirstOrThrow();
  await db
    .insertInto('holidays')
    .values({ tenant_id: w.c.tenant.id, holiday_calendar_id: Number(cal.id), date, name, half_day, ...stamp() })
    .execute();
}
