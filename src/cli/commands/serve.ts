// `zeitkonto serve`: migrate, then serve. With --demo, an empty database first gets the demo tenant, and its token
// and its demo employees' passwords are printed (once: they are stored only as hashes). Without it nothing is
// created: a production database holds only the tenants an operator makes.
import { createDemoTenant, DEMO_INSTANCE, demoSignInText } from '../../demo/index.js';
import { serve } from '../../server.js';
import { listTenants } from '../../tenancy/tenants.js';
import { parse, withDatabase, type Command } from '../io.js';

export const serveCommand: Command = {
  name: 'serve',
  usage: [
    'serve [--demo]                          Migrate, then serve the API (PORT, HOST, DATABASE_URL, ...).',
    '                                        --demo: on an empty database first create the demo tenant and print a',
    "                                        token and the demo employees' passwords (npm run demo).",
  ],
  async run(config, args, io) {
    const { values } = parse(args, { demo: { type: 'boolean' } }, 0);
    const { demo, empty } = await withDatabase(
      config,
      async (database) => {
        const empty = (await listTenants(database.db)).length === 0;
        return {
          empty,
          demo: empty && values.demo ? await createDemoTenant(database.db, database.dialect) : undefined,
        };
      },
      io,
    );
    await serve(config, {
      onListening: (url) => {
        if (demo) {
          io.out(`Created the demo tenant "${DEMO_INSTANCE}". Its API token (shown once):\n\n  ${demo.token}\n`);
          io.out(
            `Try:\n  curl -H "Authorization: Bearer ${demo.token}" ${url}/${DEMO_INSTANCE}/next/api/v1/employees\n`,
          );
          io.out(`API reference: ${url}/docs\n`);
          io.out(demoSignInText(demo.signIns, url));
        } else if (empty) {
          io.out(
            'The database has no tenant yet. Create one with its first administrator:\n\n' +
              '  zeitkonto tenant create <instance> --admin <username>\n\n' +
              'or start with --demo (npm run demo) for the demo tenant.\n',
          );
        }
        io.out(`zeitkonto listening on ${url} (${config.database.dialect})`);
      },
    });
    return new Promise<number>(() => {}); // runs until a signal ends the process
  },
};
