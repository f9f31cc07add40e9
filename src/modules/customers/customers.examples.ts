// "Try it out" examples of customers for /docs: each is accepted by a fresh demo tenant (src/demo).
import { EXAMPLE_DATES, type ModuleExamples } from '../../plugins/docs-examples.js';

/** The /docs "Try it out" bodies of this module (src/plugins/docs-examples.ts). */
export const examples: ModuleExamples = {
  bodies: {
    CustomerCreate: {
      customer_number: '2001',
      name: 'Beispiel Bau GmbH',
      currency: 'EUR',
      email: 'info@beispiel-bau.example',
    },
  },
  curated: {
    'POST /customers/{customer}/price-tables': async () => ({ start_date: EXAMPLE_DATES.farStart }),
  },
};
