// "Try it out" examples of categories for /docs: each is accepted by a fresh demo tenant (src/demo).
import { type ModuleExamples } from '../../plugins/docs-examples.js';

/** The /docs "Try it out" bodies of this module (src/plugins/docs-examples.ts). */
export const examples: ModuleExamples = {
  bodies: {
    CategoryCreate: { name: 'Partner', type: 'customer', description: { de: 'Partnerkunde', en: 'Partner customer' } },
  },
};
