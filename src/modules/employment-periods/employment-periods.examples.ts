// "Try it out" examples of employment periods for /docs: each is accepted by a fresh demo tenant (src/demo).
import { type ModuleExamples } from '../../plugins/docs-examples.js';

/** The /docs "Try it out" bodies of this module (src/plugins/docs-examples.ts). */
export const examples: ModuleExamples = {
  curated: {
    'POST /employees/{username}/employment-periods': async (ctx) => ({
      ...(await ctx.copy()),
      start_date: '2020-01-01',
      end_date: '2020-12-31',
    }),
  },
};
