// "Try it out" examples of offers for /docs: each is accepted by a fresh demo tenant (src/demo).
import { type ModuleExamples } from '../../plugins/docs-examples.js';

/** The /docs "Try it out" bodies of this module (src/plugins/docs-examples.ts). */
export const examples: ModuleExamples = {
  curated: {
    'POST /offers/{id}/items': async () => ({
      type: 'Pauschal',
      position: '3',
      label: 'Dokumentation',
      quantity: 1,
      single_price: 400,
      vat: 19,
      sort_order: 6,
    }),
  },
};
