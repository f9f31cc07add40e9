// `zeitkonto import <instance> --from <base URL> --token-file <file> [--since <date-time>] [--again]`: reads a
// tenant out of a running ZEP-compatible API into the local tenant (docs/import.md).
import { readFileSync } from 'node:fs';
import { importTenant } from '../../import/importer.js';
import { parse, UsageError, withDatabase, type Command } from '../io.js';

export const importCommand: Command = {
  name: 'import',
  usage: [
    'import <instance> --from <base URL …/next/api/v1> --token-file <file> [--since <date-time>] [--again]',
    '    Read a tenant out of a ZEP-compatible API into the local tenant (created when missing); a rerun resumes.',
  ],
  async run(config, args, io) {
    const { values, positionals } = parse(
      args,
      {
        from: { type: 'string' },
        'token-file': { type: 'string' },
        since: { type: 'string' },
        again: { type: 'boolean' },
      },
      1,
    );
    if (!values.from || !/^https?:\/\/.+\/next\/api\/v1\/?$/.test(values.from))
      throw new UsageError("--from must be the source's base URL, ending in /next/api/v1");
    if (!values['token-file']) throw new UsageError("--token-file names a file holding the source's API token");
    if (values.since !== undefined && Number.isNaN(Date.parse(values.since)))
      throw new UsageError('--since must be a date or date-time (ISO 8601)');
    let token: string;
    try {
      token = readFileSync(values['token-file'], 'utf8').trim();
    } catch (e) {
      io.err(`zeitkonto: cannot read --token-file: ${(e as Error).message}`);
      return 1;
    }
    return withDatabase(
      config,
      async (database) => {
        const report = await importTenant(database.db, database.dialect, {
          instance: positionals[0],
          source: { base: values.from, token },
          since: values.since,
          again: values.again,
          progress: (line) => io.err(line),
        });
        io.out(`${report.created ? 'Created' : 'Filled'} tenant ${report.tenant.instance} from ${values.from}`);
        for (const r of report.resources)
          io.out(
            `  ${r.outcome.padEnd(16)} ${r.name.padEnd(22)} ${String(r.records).padStart(8)} records` +
              (r.reason ? `  (${r.reason})` : ''),
          );
        io.out(
          `${report.requests} requests (${report.throttled} answered 429 and were repeated) in ${report.seconds.toFixed(1)} s.`,
        );
        return 0;
      },
      io,
    );
  },
};
