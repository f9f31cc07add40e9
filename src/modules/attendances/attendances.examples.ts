// "Try it out" examples of attendances for /docs: each is accepted by a fresh demo tenant (src/demo).
import { addDays } from '../../values/formats.js';
import { EXAMPLE_DATES, type ExampleContext, type ModuleExamples, unbilled } from '../../plugins/docs-examples.js';

async function booking(ctx: ExampleContext, date: string) {
  const b = await ctx.first('/attendances', unbilled);
  return (
    b && {
      employee_id: b.employee_id,
      date,
      from: '08:00:00',
      to: '09:00:00',
      project_id: b.project_id,
      project_task_id: b.project_task_id,
      activity_id: b.activity_id,
      note: 'Try it out',
    }
  );
}

/** The /docs "Try it out" bodies of this module (src/plugins/docs-examples.ts). */
export const examples: ModuleExamples = {
  curated: {
    'POST /attendances': (ctx) => booking(ctx, EXAMPLE_DATES.freeDay),
    'POST /attendances/bulk': async (ctx) => ({ items: [await booking(ctx, addDays(EXAMPLE_DATES.freeDay, 1))] }),
  },
};
