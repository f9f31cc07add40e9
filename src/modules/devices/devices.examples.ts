// "Try it out" examples of devices for /docs: each is accepted by a fresh demo tenant (src/demo).
import { type ModuleExamples } from '../../plugins/docs-examples.js';

/** The /docs "Try it out" bodies of this module (src/plugins/docs-examples.ts). */
export const examples: ModuleExamples = {
  curated: {
    'POST /devices': async (ctx) => ({ name: `Terminal ${ctx.stamp}`, status: 1 }),
  },
};
