// "Try it out" examples of plannings for /docs: each is accepted by a fresh demo tenant (src/demo).
import { addDays } from '../../values/formats.js';
import { EXAMPLE_DATES, type ModuleExamples } from '../../plugins/docs-examples.js';

/** The /docs "Try it out" bodies of this module (src/plugins/docs-examples.ts). */
export const examples: ModuleExamples = {
  curated: {
    // A week of plans for the employee and project of the first planning entry (POST /plannings copies one).
    'POST /plannings/range': async (ctx) => {
      const p = await ctx.first('/plannings');
      return (
        p && {
          employee_id: p.employee_id,
          project_id: p.project_id,
          kind: 1,
          planning: 2,
          date: EXAMPLE_DATES.freeDay,
          date_to: addDays(EXAMPLE_DATES.freeDay, 4),
          note: 'Try it out',
        }
      );
    },
  },
};
