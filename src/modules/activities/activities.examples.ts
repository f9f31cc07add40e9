// "Try it out" examples of activities for /docs: each is accepted by a fresh demo tenant (src/demo).
import { type ModuleExamples } from '../../plugins/docs-examples.js';

/** The /docs "Try it out" bodies of this module (src/plugins/docs-examples.ts). */
export const examples: ModuleExamples = {
  bodies: {
    ActivityCreate: { name: 'Workshop', description: 'Workshops with the customer', is_travel: false },
  },
};
