// "Try it out" examples of invoices for /docs: each is accepted by a fresh demo tenant (src/demo).
import { EXAMPLE_FILE, type ModuleExamples } from '../../plugins/docs-examples.js';

/** The /docs "Try it out" bodies of this module (src/plugins/docs-examples.ts). */
export const examples: ModuleExamples = {
  curated: {
    // The amount is derived from the items (a new invoice has none): the copy leaves it out.
    'POST /invoices': async (ctx) => {
      const { amount: _derived, ...copy } = await ctx.copy();
      return copy;
    },
    'POST /invoices/{invoice_number}/correction': async (ctx) => ({
      creator_username: (await ctx.first('/employees'))?.username,
    }),
    'POST /invoices/{invoice_number}/attachments': async () => EXAMPLE_FILE,
  },
};
