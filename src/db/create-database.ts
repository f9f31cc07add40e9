// `migrate` and `serve` create the PostgreSQL database DATABASE_URL names when it does not exist yet and the user
// may; otherwise they stop with a message that says how.
import type { DatabaseConfig } from '../config.js';
import { loadPg } from './connection.js';

export class DatabaseSetupError extends Error {}

const quoteIdent = (name: string) => `"${name.replace(/"/g, '""')}"`;

async function tryConnect(url: string): Promise<unknown> {
  const { pg } = loadPg();
  const client = new pg.Client({ connectionString: url });
  try {
    await client.connect();
    return undefined;
  } catch (e) {
    return e;
  } finally {
    await client.end().catch(() => {});
  }
}

/** Returns true when it created the database. */
export async function ensurePostgresDatabase(config: DatabaseConfig): Promise<boolean> {
  if (config.dialect !== 'postgres') return false;
  const error = (await tryConnect(config.url)) as { code?: string } | undefined;
  if (!error || error.code !== '3D000') return false; // other failures surface on the first query, as before
  const url = new URL(config.url);
  const name = decodeURIComponent(url.pathname.slice(1));
  const user = decodeURIComponent(url.username) || 'the connecting user';
  url.pathname = '/postgres';
  const { pg } = loadPg();
  const admin = new pg.Client({ connectionString: url.toString() });
  try {
    await admin.connect();
    await admin.query(`CREATE DATABASE ${quoteIdent(name)}`);
    return true;
  } catch (e) {
    if ((e as { code?: string }).code === '42P04') return false; // created meanwhile by another process
    throw new DatabaseSetupError(
      `the PostgreSQL database "${name}" does not exist and ${user} could not create it (${(e as Error).message}). ` +
        `Create it as a user who may, e.g. \`createdb -O ${user} ${name}\` or \`CREATE DATABASE ${quoteIdent(name)} OWNER ${quoteIdent(user)};\`, then run the command again.`,
    );
  } finally {
    await admin.end().catch(() => {});
  }
}
