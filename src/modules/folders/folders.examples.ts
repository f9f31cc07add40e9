// "Try it out" examples of folders for /docs: each is accepted by a fresh demo tenant (src/demo).
import { EXAMPLE_FILE, type ModuleExamples } from '../../plugins/docs-examples.js';

/** The /docs "Try it out" bodies of this module (src/plugins/docs-examples.ts). */
export const examples: ModuleExamples = {
  curated: {
    'POST /folders/{id}/documents': async () => EXAMPLE_FILE,
  },
};
