// Durability: a write load keeps a ledger of every acknowledged create (201), the server is killed with SIGKILL
// at random moments and restarted, and at the end every acknowledged record is read back field by field and
// the database's own integrity check runs.
import { sql } from 'kysely';
import { openDatabase } from '../src/db/connection.js';
import { apiPath, request, startServer, type Target } from './server.js';
import type { Random } from './random.js';

interface Entry {
  name: string;
  description: string;
  is_travel: boolean;
}

export interface DurabilityResult {
  kills: number;
  acknowledged: number;
  lost: number;
  mismatched: number;
  integrity: string;
}

/** Writers POST /activities until the server goes away; returns the acknowledged entries. */
async function writeUntilGone(
  target: Target,
  port: number,
  writers: number,
  random: Random,
  seq: { n: number },
): Promise<Entry[]> {
  const ledger: Entry[] = [];
  await Promise.all(
    Array.from({ length: writers }, async () => {
      for (;;) {
        const entry = {
          name: `d${seq.n++}`,
          description: `note ${random.string(8, 40)}`,
          is_travel: random.int(2) === 1,
        };
        try {
          const r = await request(port, 'POST', apiPath(target, '/activities'), { body: entry, token: target.token });
          if (r.status === 201) ledger.push(entry);
        } catch {
          return; // the server is gone
        }
      }
    }),
  );
  return ledger;
}

export async function durability(target: Target, random: Random, kills = 6, writers = 8): Promise<DurabilityResult> {
  const ledger: Entry[] = [];
  const seq = { n: 0 };
  for (let k = 0; k < kills; k++) {
    const server = await startServer(target);
    const load = writeUntilGone(target, server.port, writers, random, seq);
    await new Promise((r) => setTimeout(r, 1000 + random.int(2000)));
    server.child.kill('SIGKILL');
    await server.exited;
    ledger.push(...(await load));
  }
  const server = await startServer(target);
  let lost = 0;
  let mismatched = 0;
  try {
    for (let i = 0; i < ledger.length; i += 16) {
      await Promise.all(
        ledger.slice(i, i + 16).map(async (e) => {
          const r = await request(server.port, 'GET', apiPath(target, `/activities/${e.name}`), {
            token: target.token,
          });
          if (r.status !== 200) return void lost++;
          const d = JSON.parse(r.body).data;
          if (d.name !== e.name || d.description !== e.description || d.is_travel !== e.is_travel) mismatched++;
        }),
      );
    }
  } finally {
    server.child.kill('SIGTERM');
    await server.exited;
  }
  return { kills, acknowledged: ledger.length, lost, mismatched, integrity: await integrityCheck(target) };
}

/** SQLite: PRAGMA integrity_check; PostgreSQL: every index of the schema is checked with amcheck when available. */
export async function integrityCheck(target: Target): Promise<string> {
  const opened = openDatabase(target.database);
  try {
    if (target.dialect === 'sqlite') {
      const rows = await sql<{ integrity_check: string }>`PRAGMA integrity_check`.execute(opened.db);
      return rows.rows.map((r) => r.integrity_check).join('; ');
    }
    try {
      await sql`CREATE EXTENSION IF NOT EXISTS amcheck`.execute(opened.db);
    } catch {
      return 'amcheck unavailable';
    }
    const indexes = await sql<{
      name: string;
    }>`SELECT c.relname AS name FROM pg_index i JOIN pg_class c ON c.oid = i.indexrelid JOIN pg_namespace n ON n.oid = c.relnamespace JOIN pg_am a ON a.oid = c.relam WHERE n.nspname = 'public' AND a.amname = 'btree'`.execute(
      opened.db,
    );
    for (const { name } of indexes.rows) await sql`SELECT bt_index_check(${name}::regclass, true)`.execute(opened.db);
    return `ok (${indexes.rows.length} indexes checked)`;
  } finally {
    await opened.close();
  }
}
