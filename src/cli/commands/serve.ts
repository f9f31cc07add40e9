// `zeitkonto serve`: migrate, then serve; on an empty database first create the demo tenant and print its token and
// its demo employees' passwords (once: they are stored only as hashes).
import { createDemoTenant, DEMO_INSTANCE, demoSignInText } from '../../demo/index.js';
import { serve } from '../../server.js';
import { listTenants } from '../../tenancy/tenants.js';
import { parse, withDatabase, type Command } from '../io.js';

export const serveCommand: Command = {
  name: 'serve',
  usage: [
    'serve                                   Migrate, then serve the API (PORT, HOST, DATABASE_URL, ...).',
    '                                        On an empty database it first creates the demo tenant and prints a token',
    "                                        and the demo employees' passwords.",
  ],
  async run(config, args, io) {
    parse(args, {}, 0);
    const demo = await withDatabase(
      config,
      async (database) =>
        (await listTenants(database.db)).length === 0
          ? await createDemoTenant(database.db, database.dialect)
          : undefined,
      io,
    );
    const demoToken = demo?.token;
    await serve(config, {
      onListening: (url) => {
        if (demoToken) {
          io.out(`Created the demo tenant "${DEMO_INSTANCE}". Its API token (shown once):\n\n  ${demoToken}\n`);
          io.out(
            `Try:\n  curl -H "Authorization: Bearer ${demoToken}" ${url}/${DEMO_INSTANCE}/next/api/v1/employees\n`,
          );
          io.out(`API reference: ${url}/docs\n`);
          io.out(demoSignInText(demo!.signIns, url));
        }
        io.out(`zeitkonto listening on ${url} (${config.database.dialect})`);
      },
    });
    return new Promise<number>(() => {}); // runs until a signal ends the process
  },
};
