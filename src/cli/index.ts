// The zeitkonto command for operators: dispatches to one file per command under commands/.
// Every command honours DATABASE_URL; bad arguments print usage and exit non-zero.
import { readFileSync } from 'node:fs';
import { ConfigError, loadConfig } from '../config.js';
import { DatabaseSetupError } from '../db/create-database.js';
import { MODULES, TenantInputError } from '../tenancy/tenants.js';
import { defaultIO, UsageError, type CliIO, type Command } from './io.js';
import { serveCommand } from './commands/serve.js';
import { migrateCommand } from './commands/migrate.js';
import { demoCommand } from './commands/demo.js';
import { tenantCommand } from './commands/tenant.js';
import { tokenCommand } from './commands/token.js';
import { settingsCommand } from './commands/settings.js';
import { generateCommand } from './commands/generate.js';
import { backupCommand } from './commands/backup.js';
import { ssoCommand } from './commands/sso.js';
import { importCommand } from './commands/import.js';

export type { CliIO } from './io.js';

const COMMANDS: readonly Command[] = [
  serveCommand,
  migrateCommand,
  demoCommand,
  tenantCommand,
  tokenCommand,
  ssoCommand,
  settingsCommand,
  generateCommand,
  importCommand,
  backupCommand,
];

/** The package's version (package.json, two folders up from src/cli and from dist/cli). */
export const VERSION: string = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')).version;

export const USAGE = `Usage: zeitkonto <command> [options]
       zeitkonto --version

Commands:
${COMMANDS.flatMap((c) => c.usage.map((line) => `  ${line}`)).join('\n')}
Modules: ${MODULES.join(', ')}
Environment: DATABASE_URL (unset = ./data/zeitkonto.db; file:<path>; postgres://...), see README.`;

export async function main(
  argv: string[],
  io: CliIO = defaultIO,
  env: NodeJS.ProcessEnv = process.env,
): Promise<number> {
  const [name, ...args] = argv;
  try {
    if (name === undefined || name === 'help' || name === '--help' || name === '-h') {
      io.out(USAGE);
      return name === undefined ? 2 : 0;
    }
    if (name === '--version' || name === '-v' || name === 'version') {
      io.out(`zeitkonto ${VERSION} (Node ${process.version})`);
      return 0;
    }
    const command = COMMANDS.find((c) => c.name === name);
    if (!command) throw new UsageError(`unknown command "${name}"`);
    if (args.includes('--help') || args.includes('-h')) {
      io.out(`Usage:\n${command.usage.map((line) => `  zeitkonto ${line}`).join('\n')}`);
      return 0;
    }
    return await command.run(loadConfig(env), args, io);
  } catch (e) {
    if (e instanceof UsageError) {
      io.err(`zeitkonto: ${e.message}\n\n${USAGE}`);
      return 2;
    }
    if (e instanceof ConfigError || e instanceof TenantInputError || e instanceof DatabaseSetupError) {
      io.err(`zeitkonto: ${e.message}`);
      return 1;
    }
    io.err(`zeitkonto: ${(e as Error).message}`);
    return 1;
  }
}
