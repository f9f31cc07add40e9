// A tenant ready for plans: the absence world (an employee with a Mon–Fri 8 h schedule and a holiday calendar, a
// project with a task, absence reasons) plus a half-time employee and a customer on the project.
import assert from 'node:assert/strict';
import type { Kysely } from 'kysely';
import type { TestContext } from './app.js';
import { absenceWorld, type AbsenceWorld } from './absences.js';
import { seedCustomer } from './seed.js';

export interface PlanWorld extends AbsenceWorld {
  /** Employee with 4 h Mon–Fri. */
  halfTime: string;
  customer: string;
  /** POST /plannings for the world's employee and project (8 hours on Tuesday 2026-03-10), merged with `over`. */
  plan(over?: Record<string, unknown>): ReturnType<AbsenceWorld['c']['post']>;
  /** The same, asserting 201; returns the data. */
  planned(over?: Record<string, unknown>): Promise<any>;
}

export async function planWorld(t: TestContext, opts: Parameters<typeof absenceWorld>[1] = {}): Promise<PlanWorld> {
  const w = await absenceWorld(t, opts);
  const db = w.db as Kysely<any>;
  const halfTime = await w.addEmployee();
  const hours = Object.fromEntries(['monday', 'tuesday', 'wednesday', 'thursday', 'friday'].map((d) => [d, 4]));
  await db
    .updateTable('regular_working_times')
    .set(hours)
    .where('tenant_id', '=', w.c.tenant.id)
    .where('employee_id', '=', halfTime)
    .execute();
  const customer = await seedCustomer(w.db, w.c.tenant.id, { name: 'ACME' } as any);
  await db
    .updateTable('projects')
    .set({ customer_id: customer.customer_number })
    .where('tenant_id', '=', w.c.tenant.id)
    .where('id', '=', w.projectId)
    .execute();
  const plan: PlanWorld['plan'] = (over = {}) =>
    w.c.post('/plannings', {
      employee_id: w.employee,
      date: '2026-03-10',
      project_id: w.projectId,
      kind: 1,
      planning: 8,
      ...over,
    });
  return {
    ...w,
    halfTime,
    customer: customer.customer_number,
    plan,
    async planned(over = {}) {
      const r = await plan(over);
      assert.equal(r.status, 201, r.text);
      return r.body.data;
    },
  };
}
