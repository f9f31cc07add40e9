// `zeitkonto token create|list|revoke`: API tokens of a tenant (the secret is printed once, never listed).
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.js';
import { forTenant } from '../../db/tenant-scope.js';
import { createToken, listTokens, revokeToken } from '../../tenancy/tokens.js';
import { MATRIX } from '../../access/matrix.js';
// The matrix is the modules' grants: loading the modules declares the areas a scope may name.
import '../../modules/index.js';
import { parse, positiveInt, printTable, requireTenant, UsageError, withDatabase, type Command } from '../io.js';

export const tokenCommand: Command = {
  name: 'token',
  usage: [
    'token create <instance> [--name N] [--employee USERNAME] [--scope AREA:read|write]... [--read-only]',
    '             [--expires-in-days N]      Prints the new token alone. --employee: acts with their rights.',
    'token list <instance> [--json]          Lists tokens (never their secrets).',
    'token revoke <instance> <token-id>',
  ],
  async run(config, [sub, ...args], io) {
    switch (sub) {
      case 'create': {
        const { values, positionals } = parse(
          args,
          {
            name: { type: 'string' },
            employee: { type: 'string' },
            scope: { type: 'string', multiple: true },
            'read-only': { type: 'boolean' },
            'expires-in-days': { type: 'string' },
          },
          1,
        );
        const expiresInDays = positiveInt(values['expires-in-days'], 'expires-in-days');
        return withDatabase(config, async (database) => {
          const tenant = await requireTenant(database, positionals[0]);
          const employee = values.employee;
          if (employee !== undefined && !(await employeeExists(database.db, tenant.id, employee)))
            throw new UsageError(`no employee ${employee} in tenant ${tenant.instance}`);
          const { token } = await createToken(database.db, tenant.id, {
            name: values.name,
            readOnly: values['read-only'] ?? false,
            employeeId: employee,
            scopes: scopesOf(values.scope),
            expiresInDays,
          });
          io.out(token);
          return 0;
        });
      }
      case 'list': {
        const { values, positionals } = parse(args, { json: { type: 'boolean' } }, 1);
        return withDatabase(config, async (database) => {
          const tenant = await requireTenant(database, positionals[0]);
          const tokens = await listTokens(database.db, tenant.id);
          printTable(io, tokens, values.json, {
            ID: 'id',
            NAME: 'name',
            ACCESS: (t) => (t.readOnly ? 'read-only' : 'read-write'),
            CREATED: 'created',
            EXPIRES: 'expiresAt',
            REVOKED: 'revokedAt',
            'LAST USED': 'lastUsedAt',
            EMPLOYEE: (t) => t.employeeId ?? '(service)',
            SCOPES: (t) => (t.scopes ? t.scopes.join(' ') : 'all'),
          });
          return 0;
        });
      }
      case 'revoke': {
        const { positionals } = parse(args, {}, 2);
        if (!/^\d+$/.test(positionals[1]))
          throw new UsageError('token-id must be a number (see: zeitkonto token list <instance>)');
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
        throw new UsageError(
          sub === undefined ? 'token needs a subcommand: create, list, revoke' : `unknown token subcommand "${sub}"`,
        );
    }
  },
};

const employeeExists = async (db: Kysely<DB>, tenantId: number, username: string) =>
  (await forTenant(db, tenantId)
    .selectFrom('employees')
    .select('id')
    .where('username', '=', username)
    .executeTakeFirst()) !== undefined;

/** --scope values as stored: "<area>:read|write" for an area of the permission matrix, or "*:read|write". */
function scopesOf(given: string[] | undefined): string[] | undefined {
  if (!given?.length) return undefined;
  for (const scope of given) {
    const m = /^(\*|[a-z][a-z-]*):(read|write)$/.exec(scope);
    if (!m || (m[1] !== '*' && !(m[1] in MATRIX)))
      throw new UsageError(`--scope ${scope}: expected <area>:read or <area>:write (areas: docs/api/permissions.md)`);
  }
  return [...new Set(given)];
}
