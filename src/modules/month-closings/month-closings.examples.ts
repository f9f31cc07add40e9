// "Try it out" examples of month closings for /docs: each is accepted by a fresh demo tenant (src/demo).
import { monthStart } from '../../values/dates.js';
import { type ModuleExamples } from '../../plugins/docs-examples.js';

/** The /docs "Try it out" bodies of this module (src/plugins/docs-examples.ts). */
export const examples: ModuleExamples = {
  curated: {
    // The month before the demo records: closing it locks nothing another example writes.
    'POST /month-closings': async () => ({ month: monthStart(-2).slice(0, 7), note: 'Try it out' }),
  },
};
