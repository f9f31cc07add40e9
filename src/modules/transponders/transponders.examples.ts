// "Try it out" examples of transponders for /docs: each is accepted by a fresh demo tenant (src/demo).
import { type ModuleExamples } from '../../plugins/docs-examples.js';

/** The /docs "Try it out" bodies of this module (src/plugins/docs-examples.ts). */
export const examples: ModuleExamples = {
  curated: {
    'POST /employees/{username}/transponders': async (ctx) => ({ number: `T-${ctx.stamp}`, valid_from: '2026-01-01' }),
  },
};
