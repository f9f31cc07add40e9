// "Try it out" examples of articles for /docs: each is accepted by a fresh demo tenant (src/demo).
import { type ModuleExamples } from '../../plugins/docs-examples.js';

/** The /docs "Try it out" bodies of this module (src/plugins/docs-examples.ts). */
export const examples: ModuleExamples = {
  bodies: {
    ArticleCreate: {
      article_number: 'ART-2001',
      name: 'Wartungspauschale',
      unit: 'Stück',
      unit_price: 150,
      currency: 'EUR',
    },
  },
};
