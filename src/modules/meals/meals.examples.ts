// "Try it out" examples of meals for /docs: each is accepted by a fresh demo tenant (src/demo).
import { EXAMPLE_DATES, type ModuleExamples } from '../../plugins/docs-examples.js';

/** The /docs "Try it out" bodies of this module (src/plugins/docs-examples.ts). */
export const examples: ModuleExamples = {
  curated: {
    'POST /employees/{username}/meals': async () => ({ date: EXAMPLE_DATES.freeDay, meal_type: 1, note: 'Try it out' }),
  },
};
