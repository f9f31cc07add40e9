// The zeitkonto command for operators: serve, migrate, demo, tenant, token (issue 2 §2).
// Every command honours DATABASE_URL; bad arguments print usage and exit non-zero.
import { parseArgs, type ParseArgsConfig } from 'node:util';
import { ConfigError, loadConfig, type Config } from './config.js';
import { openDatabase, type Database } from './db/connection.js';
import { migrate } from './db/migrate.js';
import { serve } from './server.js';
import { createDemoTenant, DEMO_INSTANCE } from './demo/index.js';
import { MODULES, TenantInputError, createTenant, findTenant, listTenants, updateTenant, type Edition, type ModuleName } from './tenancy/tenants.js';
import { createToken, listTokens, revokeToken } from './tenancy/tokens.js';
import { extraCommands } from './cli-extra.js';

export const USAGE = `Usage: zeitkonto <command> [options]

Commands:
  serve                                   Migrate, then serve the API (PORT, HOST, DATABASE_URL, ...).
                                          On an empty database it first creates the demo tenant and prints a token.
  migrate                                 Apply pending database migrations.
  demo                                    Create the demo tenant "${DEMO_INSTANCE}" with demo data (idempotent).
  tenant create <instance> [--name N] [--edition full|clock] [--modules a,b] [--language de|en|...]
  tenant update <instance> [--name N] [--edition full|clock] [--modules a,b] [--language L]
  tenant list
  token create <instance> [--name N] [--read-only] [--expires-in-days N]   Prints the new token alone.
  token list <instance>                   Lists tokens (never their secrets).
  token revoke <instance> <token-id>
${extraCommands.map((c) => `  ${c.usage}`).join('\n')}
Modules: ${MODULES.join(', ')}
Environment: DATABASE_URL (unset = ./data/zeitkonto.db; file:<path>; postgres://...), see README.`;

export class UsageError extends Error {}

export interface CliIO {
  out(line: string): void;
  err(line: string): void;
}

const defaultIO: CliIO = { out: (l) => process.stdout.write(`${l}\n`), err: (l) => process.stderr.write(`${l}\n`) };

function parse(args: string[], options: ParseArgsConfig['options'], positionals: number) {
  let parsed;
  try {
    parsed = parseArgs({ args, options, allowPositionals: true, strict: true });
  } catch (e) {
    throw new UsageError((e as Error).message);
  }
  if (parsed.positionals.length !== positionals) throw new UsageError(`expected ${positionals} argument(s), got ${parsed.positionals.length}`);
  return parsed as { values: Record<string, any>; positionals: string[] };
}

function modulesOption(value: string | undefined): ModuleName[] | undefined {
  if (value === undefined) return undefined;
  return value
    .split(',')
    .map((m) => m.trim())
    .filter(Boolean) as ModuleName[];
}

function positiveInt(value: string | undefined, name: string): number | undefined {
  if (value === undefined) return undefined;
  if (!/^[1-9]\d{0,5}$/.test(value)) throw new UsageError(`--${name} must be a positive whole number`);
  return Number(value);
}

const tenantOptions = {
  name: { type: 'string' },
  edition: { type: 'string' },
  modules: { type: 'string' },
  language: { type: 'string' },
} as const;

async function withDatabase<T>(config: Config, fn: (database: Database) => Promise<T>): Promise<T> {
  const database = openDatabase(config.database, { poolSize: 2 });
  try {
    await migrate(database.db, database.dialect);
    return await fn(database);
  } finally {
    await database.close();
  }
}

async function requireTenant(database: Database, instance: string) {
  const tenant = await findTenant(database.db, instance);
  if (!tenant) throw new TenantInputError(`tenant "${instance}" does not exist`);
  return tenant;
}

export async function main(argv: string[], io: CliIO = defaultIO, env: NodeJS.ProcessEnv = process.env): Promise<number> {
  const [command, sub, ...rest] = argv;
  try {
    if (command === undefined || command === 'help' || command === '--help' || command === '-h') {
      io.out(USAGE);
      return command === undefined ? 2 : 0;
    }
    const config = loadConfig(env);
    switch (command) {
      case 'serve': {
        parse(argv.slice(1), {}, 0);
        const demoToken = await withDatabase(config, async (database) =>
          (await listTenants(database.db)).length === 0 ? (await createDemoTenant(database.db, database.dialect)).token : undefined,
        );
        await serve(config, {
          onListening: (url) => {
            if (demoToken) {
              io.out(`Created the demo tenant "${DEMO_INSTANCE}". Its API token (shown once):\n\n  ${demoToken}\n`);
              io.out(`Try:\n  curl -H "Authorization: Bearer ${demoToken}" ${url}/${DEMO_INSTANCE}/next/api/v1/employees\n`);
              io.out(`API reference: ${url}/docs\n`);
            }
            io.out(`zeitkonto listening on ${url} (${config.database.dialect})`);
          },
        });
        return await new Promise<number>(() => {}); // runs until a signal ends the process
      }
      case 'migrate': {
        parse(argv.slice(1), {}, 0);
        const applied = await withDatabase(config, async () => []);
        void applied;
        io.out('Database is up to date.');
        return 0;
      }
      case 'demo': {
        parse(argv.slice(1), {}, 0);
        return await withDatabase(config, async (database) => {
          if (await findTenant(database.db, DEMO_INSTANCE)) {
            io.out(`The demo tenant "${DEMO_INSTANCE}" already exists; nothing to do. Create a token with: zeitkonto token create ${DEMO_INSTANCE}`);
            return 0;
          }
          const { token } = await createDemoTenant(database.db, database.dialect);
          io.out(`Created the demo tenant "${DEMO_INSTANCE}". Its API token (shown once):\n${token}`);
          return 0;
        });
      }
      case 'tenant':
        return await tenantCommand(config, sub, rest, io);
      case 'token':
        return await tokenCommand(config, sub, rest, io);
      default: {
        const extra = extraCommands.find((c) => c.name === command);
        if (extra) return await extra.run(config, argv.slice(1), io);
        throw new UsageError(`unknown command "${command}"`);
      }
    }
  } catch (e) {
    if (e instanceof UsageError) {
      io.err(`zeitkonto: ${e.message}\n\n${USAGE}`);
      return 2;
    }
    if (e instanceof ConfigError || e instanceof TenantInputError) {
      io.err(`zeitkonto: ${e.message}`);
      return 1;
    }
    io.err(`zeitkonto: ${(e as Error).message}`);
    return 1;
  }
}

async function tenantCommand(config: Config, sub: string | undefined, args: string[], io: CliIO): Promise<number> {
  switch (sub) {
    case 'create': {
      const { values, positionals } = parse(args, tenantOptions, 1);
      return withDatabase(config, async (database) => {
        const tenant = await createTenant(database.db, {
          instance: positionals[0],
          name: values.name,
          edition: values.edition as Edition | undefined,
          modules: modulesOption(values.modules),
          language: values.language,
        });
        io.out(`Created tenant ${tenant.instance} (edition ${tenant.edition}, modules: ${[...tenant.modules].join(', ') || 'none'}).`);
        return 0;
      });
    }
    case 'update': {
      const { values, positionals } = parse(args, tenantOptions, 1);
      if (Object.values(values).every((v) => v === undefined)) throw new UsageError('tenant update needs at least one of --name, --edition, --modules, --language');
      return withDatabase(config, async (database) => {
        const tenant = await updateTenant(database.db, positionals[0], {
          name: values.name,
          edition: values.edition as Edition | undefined,
          modules: modulesOption(values.modules),
          language: values.language,
        });
        io.out(`Updated tenant ${tenant.instance} (edition ${tenant.edition}, modules: ${[...tenant.modules].join(', ') || 'none'}).`);
        return 0;
      });
    }
    case 'list': {
      parse(args, {}, 0);
      return withDatabase(config, async (database) => {
        const tenants = await listTenants(database.db);
        io.out(['INSTANCE', 'EDITION', 'LANGUAGE', 'MODULES', 'NAME'].join('\t'));
        for (const t of tenants) io.out([t.instance, t.edition, t.language, [...t.modules].join(',') || '-', t.name].join('\t'));
        return 0;
      });
    }
    default:
      throw new UsageError(sub === undefined ? 'tenant needs a subcommand: create, update, list' : `unknown tenant subcommand "${sub}"`);
  }
}

async function tokenCommand(config: Config, sub: string | undefined, args: string[], io: CliIO): Promise<number> {
  switch (sub) {
    case 'create': {
      const { values, positionals } = parse(args, { name: { type: 'string' }, 'read-only': { type: 'boolean' }, 'expires-in-days': { type: 'string' } }, 1);
      const expiresInDays = positiveInt(values['expires-in-days'], 'expires-in-days');
      return withDatabase(config, async (database) => {
        const tenant = await requireTenant(database, positionals[0]);
        const { token } = await createToken(database.db, tenant.id, { name: values.name, readOnly: values['read-only'] ?? false, expiresInDays });
        io.out(token);
        return 0;
      });
    }
    case 'list': {
      const { positionals } = parse(args, {}, 1);
      return withDatabase(config, async (database) => {
        const tenant = await requireTenant(database, positionals[0]);
        io.out(['ID', 'NAME', 'ACCESS', 'CREATED', 'EXPIRES', 'REVOKED', 'LAST USED'].join('\t'));
        for (const t of await listTokens(database.db, tenant.id)) {
          io.out([t.id, t.name, t.readOnly ? 'read-only' : 'read-write', t.created, t.expiresAt ?? '-', t.revokedAt ?? '-', t.lastUsedAt ?? '-'].join('\t'));
        }
        return 0;
      });
    }
    case 'revoke': {
      const { positionals } = parse(args, {}, 2);
      if (!/^\d+$/.test(positionals[1])) throw new UsageError('token-id must be a number (see: zeitkonto token list <instance>)');
      return withDatabase(config, async (database) => {
        const tenant = await requireTenant(database, positionals[0]);
        if (!(await revokeToken(database.db, tenant.id, Number(positionals[1])))) {
          io.err(`zeitkonto: no active token ${positionals[1]} for tenant ${tenant.instance}`);
          return 1;
        }
        io.out(`Revoked token ${positionals[1]}.`);
        return 0;
      });
    }
    default:
      throw new UsageError(sub === undefined ? 'token needs a subcommand: create, list, revoke' : `unknown token subcommand "${sub}"`);
  }
}
