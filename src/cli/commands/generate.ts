// `zeitkonto generate <instance> [--scale small|medium|large] [--seed N]`: a generated tenant.
import { parseArgs } from 'node:util';
import { generate, SCALES, type Scale } from '../../generate/generator.js';
import { findTenant } from '../../tenancy/tenants.js';
import { createToken } from '../../tenancy/tokens.js';
import { withDatabase, type Command } from '../io.js';

export const generateCommand: Command = {
  name: 'generate',
  usage: [
    'generate <instance> [--scale small|medium|large] [--seed N]   Create a tenant with generated realistic data.',
  ],
  async run(config, args, io) {
    let parsed;
    try {
      parsed = parseArgs({
        args,
        options: { scale: { type: 'string', default: 'small' }, seed: { type: 'string', default: '1' } },
        allowPositionals: true,
        strict: true,
      });
    } catch (e) {
      io.err(`zeitkonto: ${(e as Error).message}`);
      return 2;
    }
    const { values, positionals } = parsed;
    if (positionals.length !== 1) {
      io.err('zeitkonto: generate needs exactly one instance name');
      return 2;
    }
    if (!(values.scale! in SCALES)) {
      io.err(`zeitkonto: --scale must be one of ${Object.keys(SCALES).join(', ')}`);
      return 2;
    }
    if (!/^\d{1,9}$/.test(values.seed!)) {
      io.err('zeitkonto: --seed must be a whole number');
      return 2;
    }
    return withDatabase(config, async (database) => {
      if (await findTenant(database.db, positionals[0])) {
        io.err(`zeitkonto: tenant "${positionals[0]}" already exists; choose another instance name`);
        return 1;
      }
      const result = await generate(
        database.db,
        positionals[0],
        values.scale as Scale,
        Number(values.seed),
        (m) => io.err(`[generate] ${m}`),
        database.dialect,
      );
      io.out(
        `Generated tenant ${positionals[0]} (${values.scale}, seed ${values.seed}) in ${result.seconds.toFixed(1)} s: ${Object.entries(
          result.counts,
        )
          .map(([k, v]) => `${v} ${k}`)
          .join(', ')}.`,
      );
      const tenant = (await findTenant(database.db, positionals[0]))!;
      const { token } = await createToken(database.db, tenant.id, { name: 'generate' });
      io.out(`Its API token (shown once; \`zeitkonto token create ${positionals[0]}\` makes another):\n\n  ${token}\n`);
      return 0;
    });
  },
};
