// "Try it out" examples of absences for /docs: each is accepted by a fresh demo tenant (src/demo).
import { addDays } from '../../values/formats.js';
import { EXAMPLE_DATES, type ModuleExamples } from '../../plugins/docs-examples.js';

/** The /docs "Try it out" bodies of this module (src/plugins/docs-examples.ts). */
export const examples: ModuleExamples = {
  curated: {
    'POST /absences': async (ctx) => ({
      ...(await ctx.copy()),
      start_date: EXAMPLE_DATES.freeAbsence,
      end_date: addDays(EXAMPLE_DATES.freeAbsence, 1),
      note: 'Try it out',
    }),
  },
};
