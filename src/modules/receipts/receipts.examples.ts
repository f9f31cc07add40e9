// "Try it out" examples of receipts for /docs: each is accepted by a fresh demo tenant (src/demo).
import { EXAMPLE_DATES, EXAMPLE_FILE, type ModuleExamples } from '../../plugins/docs-examples.js';

/** The /docs "Try it out" bodies of this module (src/plugins/docs-examples.ts). */
export const examples: ModuleExamples = {
  curated: {
    'POST /receipts': async (ctx) => {
      const copy = await ctx.copy();
      const type = await ctx.get(`/receipt-types/${encodeURIComponent(copy.receipt_type_id)}`);
      const tax = Number(type?.tax_rates?.[0]?.tax ?? type?.tax_rates?.[0] ?? 19);
      return { ...copy, date: EXAMPLE_DATES.freeDay, receiptAmounts: [{ tax, quantity: 1, amount: 42.5 }] };
    },
    'PUT /receipts/{id}/attachments': async () => EXAMPLE_FILE,
  },
};
