// "Try it out" examples of vehicles for /docs: each is accepted by a fresh demo tenant (src/demo).
import { EXAMPLE_DATES, type ModuleExamples } from '../../plugins/docs-examples.js';

/** The /docs "Try it out" bodies of this module (src/plugins/docs-examples.ts). */
export const examples: ModuleExamples = {
  curated: {
    'POST /vehicle-lists': async (ctx) => ({ ...(await ctx.copy()), start_date: EXAMPLE_DATES.farStart }),
  },
};
