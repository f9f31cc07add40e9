// "Try it out" examples of sessions for /docs: the passwords are placeholders (test/docs/try-it-out.test.ts, PENDING).
import { type ModuleExamples } from '../../plugins/docs-examples.js';

/** The /docs "Try it out" bodies of this module (src/plugins/docs-examples.ts). */
export const examples: ModuleExamples = {
  curated: {
    // The demo's people have random passwords, printed once when the demo tenant is created (src/demo/people.ts):
    // replace the placeholder with the one printed for this person.
    'POST /sessions': async () => ({ username: 'anna.schmidt', password: 'the password printed at the first start' }),
    'POST /sessions/password': async () => ({
      current_password: 'your current password',
      new_password: 'a new password',
    }),
  },
};
