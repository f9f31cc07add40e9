// "Try it out" examples of sessions for /docs: each is accepted by a fresh demo tenant (src/demo).
import { type ModuleExamples } from '../../plugins/docs-examples.js';

/** The /docs "Try it out" bodies of this module (src/plugins/docs-examples.ts). */
export const examples: ModuleExamples = {
  curated: {
    // The demo's people sign in with the password demo-password (src/demo/people.ts).
    'POST /sessions': async () => ({ username: 'anna.schmidt', password: 'demo-password' }),
    'POST /sessions/password': async () => ({ current_password: 'demo-password', new_password: 'a new password' }),
  },
};
