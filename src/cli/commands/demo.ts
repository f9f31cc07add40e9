// `zeitkonto demo`: create the demo tenant and its data (idempotent).
import { createDemoTenant, DEMO_INSTANCE, demoSignInText } from '../../demo/index.js';
import { findTenant } from '../../tenancy/tenants.js';
import { parse, withDatabase, type Command } from '../io.js';

export const demoCommand: Command = {
  name: 'demo',
  usage: [
    `demo                                    Create the demo tenant "${DEMO_INSTANCE}" with demo data (idempotent).`,
  ],
  async run(config, args, io) {
    parse(args, {}, 0);
    return withDatabase(config, async (database) => {
      if (await findTenant(database.db, DEMO_INSTANCE)) {
        io.out(
          `The demo tenant "${DEMO_INSTANCE}" already exists; nothing to do. Create a token with: zeitkonto token create ${DEMO_INSTANCE}`,
        );
        return 0;
      }
      const { token, signIns } = await createDemoTenant(database.db, database.dialect);
      io.out(`Created the demo tenant "${DEMO_INSTANCE}". Its API token (shown once):\n${token}`);
      io.out(demoSignInText(signIns));
      return 0;
    });
  },
};
