// `zeitkonto tenant create|update|list`: tenants with their edition, modules and language; `create --admin <username>`
// also makes the tenant's first administrator and prints their password once (docs/api/permissions.md "Sessions").
import crypto from 'node:crypto';
import { forTenant } from '../../db/tenant-scope.js';
import { standardDepartmentId } from '../../modules/departments/departments.repository.js';
import { insertEmployee } from '../../modules/employees/employees.repository.js';
import { hashPassword } from '../../modules/employees/password.js';
import type { Database } from '../../db/connection.js';
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

const createOptions = { ...tenantOptions, admin: { type: 'string' } } as const;

/** An employee with rights 1 (Administrator) and a random password, which is returned (it is shown once). */
async function createAdministrator(database: Database, tenant: Tenant, username: string): Promise<string> {
  const password = crypto.randomBytes(18).toString('base64url');
  const db = forTenant(database.db, tenant.id, tenant.language);
  const passwordHash = await hashPassword(password);
  await db.transaction(async (trx) => {
    await insertEmployee(trx, {
      username,
      firstname: 'Administrator',
      lastname: username,
      employment: 0,
      rights: 1,
      department_id: await standardDepartmentId(trx),
      language: tenant.language,
      password_hash: passwordHash,
    });
  });
  return password;
}

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
    'tenant create <instance> [--name N] [--edition full|clock] [--modules a,b] [--language de|en|...] [--timezone Europe/Berlin] [--admin <username>]',
    'tenant update <instance> [--name N] [--edition full|clock] [--modules a,b] [--language L] [--timezone Z]',
    'tenant list [--json]',
    'tenant delete <instance> --yes          Delete the tenant and all its data (one transaction; no undo).',
  ],
  async run(config, [sub, ...args], io) {
    switch (sub) {
      case 'create': {
        const { values, positionals } = parse(args, createOptions, 1);
        const admin = values.admin?.trim();
        if (admin !== undefined && (admin === '' || admin.length > 255 || /[/\s]/.test(admin)))
          throw new UsageError('--admin needs a username (up to 255 characters, no spaces or slashes)');
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
          if (admin !== undefined) {
            const password = await createAdministrator(database, tenant, admin);
            io.out(`Administrator ${admin}, one-time password (shown only now): ${password}`);
            io.out('Sign in with it (POST /sessions) and change it (POST /sessions/password).');
          }
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
