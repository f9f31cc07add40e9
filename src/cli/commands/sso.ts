// `zeitkonto sso set|show|remove`: a tenant's single sign-on with OpenID Connect (docs/api/permissions.md
// "Single sign-on"). The client secret is read from a file (never a command-line argument, which other users of the
// machine can see), stored in the database for the token request, and never printed or answered by the API.
import fs from 'node:fs';
import { forTenant } from '../../db/tenant-scope.js';
import { isLoopback } from '../../modules/sessions/oidc.js';
import {
  DEFAULT_CLAIM,
  findSsoProvider,
  MATCH_BY,
  removeSsoProvider,
  setSsoProvider,
  type MatchBy,
} from '../../modules/sessions/sso.repository.js';
import type { Config } from '../../config.js';
import { parse, requireTenant, UsageError, withDatabase, type CliIO, type Command } from '../io.js';

export const ssoCommand: Command = {
  name: 'sso',
  usage: [
    'sso set <instance> --issuer URL --client-id ID --client-secret-file FILE [--match username|email]',
    '             [--claim CLAIM] [--name NAME]   Single sign-on with an OpenID Connect provider (replaces it).',
    'sso show <instance> [--json]            The provider, never its client secret.',
    'sso remove <instance>',
  ],
  async run(config, [sub, ...args], io) {
    switch (sub) {
      case 'set':
        return set(config, args, io);
      case 'show': {
        const { values, positionals } = parse(args, { json: { type: 'boolean' } }, 1);
        return withDatabase(config, async (database) => {
          const tenant = await requireTenant(database, positionals[0]);
          const p = await findSsoProvider(forTenant(database.db, tenant.id));
          if (!p) {
            io.err(`zeitkonto: tenant ${tenant.instance} has no single sign-on (zeitkonto sso set)`);
            return 1;
          }
          const shown = {
            name: p.name,
            issuer: p.issuer,
            client_id: p.clientId,
            client_secret: 'set (kept in the database, never shown)',
            match: p.matchBy,
            claim: p.claim,
            redirect_uri: `https://<host>/${tenant.instance}/next/api/v1/sessions/sso/callback`,
            modified: p.modified,
          };
          if (values.json) io.out(JSON.stringify(shown, null, 2));
          else for (const [key, value] of Object.entries(shown)) io.out(`${key}: ${value}`);
          return 0;
        });
      }
      case 'remove': {
        const { positionals } = parse(args, {}, 1);
        return withDatabase(config, async (database) => {
          const tenant = await requireTenant(database, positionals[0]);
          if (!(await removeSsoProvider(forTenant(database.db, tenant.id)))) {
            io.err(`zeitkonto: tenant ${tenant.instance} has no single sign-on`);
            return 1;
          }
          io.out(`Removed the single sign-on of ${tenant.instance}; its people sign in with passwords.`);
          return 0;
        });
      }
      default:
        throw new UsageError(
          sub === undefined ? 'sso needs a subcommand: set, show, remove' : `unknown sso subcommand "${sub}"`,
        );
    }
  },
};

/** `sso set`: checks every argument before it opens the database. */
async function set(config: Config, args: string[], io: CliIO): Promise<number> {
  const { values, positionals } = parse(
    args,
    {
      issuer: { type: 'string' },
      'client-id': { type: 'string' },
      'client-secret-file': { type: 'string' },
      match: { type: 'string' },
      claim: { type: 'string' },
      name: { type: 'string' },
    },
    1,
  );
  const issuer = issuerOf(values.issuer);
  const clientId = values['client-id'];
  if (!clientId || clientId.length > 255 || /\s/.test(clientId))
    throw new UsageError('--client-id is required (the client id the provider gave, without spaces)');
  const clientSecret = secretFrom(values['client-secret-file']);
  const matchBy = (values.match ?? 'username') as MatchBy;
  if (!MATCH_BY.includes(matchBy)) throw new UsageError('--match must be username or email');
  const claim = values.claim ?? DEFAULT_CLAIM[matchBy];
  if (!/^[\x21-\x7e]{1,255}$/.test(claim)) throw new UsageError('--claim must be a claim name');
  const name = values.name ?? new URL(issuer).host;
  if (name.trim() === '' || name.length > 100) throw new UsageError('--name must be 1 to 100 characters');
  return withDatabase(config, async (database) => {
    const tenant = await requireTenant(database, positionals[0]);
    await setSsoProvider(forTenant(database.db, tenant.id), {
      name,
      issuer,
      clientId,
      clientSecret,
      matchBy,
      claim,
    });
    io.out(`Single sign-on of ${tenant.instance}: ${name} (${issuer}), matching the claim ${claim} to the`);
    io.out(`employee's ${matchBy}. Register this redirect URI at the provider (your server's address):`);
    io.out(`  https://<host>/${tenant.instance}/next/api/v1/sessions/sso/callback`);
    return 0;
  });
}

/** An issuer URL: https, or http on this machine's loopback interface; no query or fragment. */
function issuerOf(value: string | undefined): string {
  if (!value) throw new UsageError('--issuer is required (the provider’s issuer URL)');
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new UsageError(`--issuer ${value}: not a URL`);
  }
  if (url.search || url.hash || url.username || url.password)
    throw new UsageError('--issuer must have no query, fragment or credentials');
  if (url.protocol !== 'https:' && !(url.protocol === 'http:' && isLoopback(url)))
    throw new UsageError('--issuer must be https:// (http:// only on localhost)');
  // As the provider names itself in its tokens: a trailing slash of the path is kept as given.
  return value;
}

function secretFrom(file: string | undefined): string {
  if (!file) throw new UsageError('--client-secret-file is required (a file holding the client secret)');
  let text: string;
  try {
    text = fs.readFileSync(file, 'utf8');
  } catch (e) {
    throw new UsageError(`--client-secret-file ${file}: ${(e as Error).message}`);
  }
  const secret = text.replace(/\r?\n$/, '');
  if (secret === '' || secret.length > 4096 || /[\r\n]/.test(secret))
    throw new UsageError(`--client-secret-file ${file}: expected the secret alone on one line`);
  return secret;
}
