// `zeitkonto tenant create|update|list`: tenants with their edition, modules and language.
import {
  createTenant,
  deleteTenant,
  listTenants,
  updateTenant,
  type Edition,
  type ModuleName,
  type Tenant,
} from '../../tenancy/tenants.js';
import { parse, printTable, requireTenant, UsageError, withDatabase, type Command } from '../io.js';

const tenantOptions = {
  name: { type: 'string' },
  edition: { type: 'string' },
  modules: { type: 'string' },
  language: { type: 'string' },
  timezone: { type: 'string' },
} as const;

/** The settings the options name (the tenant's time zone). */
const settingsOption = (timezone: string | undefined) => (timezone === undefined ? undefined : { timezone });

function modulesOption(value: string | undefined): ModuleName[] | undefined {
  if (value === undefined) return undefined;
  return value
    .split(',')
    .map((m) => m.trim())
    .filter(Boolean) as ModuleName[];
}

const describe = (tenant: Tenant) =>
  `${tenant.instance} (edition ${tenant.edition}, modules: ${[...tenant.modules].join(', ') || 'none'})`;

export const tenantCommand: Command = {
  name: 'tenant',
  usage: [
    'tenant create <instance> [--name N] [--edition full|clock] [--modules a,b] [--language de|en|...] [--timezone Europe/Berlin]',
    'tenant update <instance> [--name N] [--edition full|clock] [--modules a,b] [--language L] [--timezone Z]',
    'tenant list [--json]',
    'tenant delete <instance> --yes          Delete the tenant and all its data (one transaction; no undo).',
  ],
  async run(config, [sub, ...args], io) {
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
            settings: settingsOption(values.timezone),
          });
          io.out(`Created tenant ${describe(tenant)}.`);
          return 0;
        });
      }
      case 'update': {
        const { values, positionals } = parse(args, tenantOptions, 1);
        if (Object.values(values).every((v) => v === undefined))
          throw new UsageError(
            'tenant update needs at least one of --name, --edition, --modules, --language, --timezone',
          );
        return withDatabase(config, async (database) => {
          const tenant = await updateTenant(database.db, positionals[0], {
            name: values.name,
            edition: values.edition as Edition | undefined,
            modules: modulesOption(values.modules),
            language: values.language,
            settings: settingsOption(values.timezone),
          });
          io.out(`Updated tenant ${describe(tenant)}.`);
          return 0;
        });
      }
      case 'list': {
        const { values } = parse(args, { json: { type: 'boolean' } }, 0);
        return withDatabase(config, async (database) => {
          const tenants = (await listTenants(database.db)).map((t) => ({
            instance: t.instance,
            edition: t.edition,
            language: t.language,
            modules: [...t.modules],
            name: t.name,
            created: t.created,
          }));
          printTable(io, tenants, values.json, {
            INSTANCE: 'instance',
            EDITION: 'edition',
            LANGUAGE: 'language',
            MODULES: (t) => t.modules.join(',') || '-',
            NAME: 'name',
          });
          return 0;
        });
      }
      case 'delete': {
        const { values, positionals } = parse(args, { yes: { type: 'boolean' } }, 1);
        if (!values.yes)
          throw new UsageError(
            `tenant delete removes "${positionals[0]}" and all its data for good; confirm with --yes`,
          );
        return withDatabase(config, async (database) => {
          await requireTenant(database, positionals[0]);
          await deleteTenant(database.db, positionals[0]);
          io.out(`Deleted tenant ${positionals[0]} and all its data.`);
          return 0;
        });
      }
      default:
        throw new UsageError(
          sub === undefined
            ? 'tenant needs a subcommand: create, update, list, delete'
            : `unknown tenant subcommand "${sub}"`,
        );
    }
  },
};
