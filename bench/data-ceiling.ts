// The data-bound ceiling server: a minimal Fastify process — no auth, no hooks, no validation, no
// logging — that answers each recorded request by running the statements the app ran for it (bench/data-bound.ts)
// on the same database and sending the app's response bytes. The app's distance to it is what the application
// adds on top of reading its data. Usage: node --import tsx bench/data-ceiling.ts <replays.json> <port> <DATABASE_URL>
import fs from 'node:fs';
import Fastify from 'fastify';
import pg from 'pg';
import type { Replays } from './data-bound.js';

const [file, portText, databaseUrl] = process.argv.slice(2);
const replays = JSON.parse(fs.readFileSync(file, 'utf8')) as Replays;
const routes = new Map(Object.entries(replays).map(([path, r]) => [path, { ...r, bytes: Buffer.from(r.body) }]));

type Run = (sql: string, parameters: unknown[]) => unknown;

async function openRunner(url: string): Promise<Run> {
  if (url.startsWith('postgres')) {
    const pool = new pg.Pool({ connectionString: url, max: 10 }); // the app's pool size
    return (sql, parameters) => pool.query(sql, parameters);
  }
  const { DatabaseSync } = await import('node:sqlite');
  const db = new DatabaseSync(url.replace(/^file:/, ''));
  for (const p of [
    'journal_mode = WAL',
    'synchronous = NORMAL',
    'busy_timeout = 5000',
    'cache_size = -16384',
    'temp_store = MEMORY',
  ])
    db.exec(`PRAGMA ${p}`);
  const prepared = new Map<string, ReturnType<typeof db.prepare>>();
  return (sql, parameters) => {
    let s = prepared.get(sql);
    if (!s) prepared.set(sql, (s = db.prepare(sql)));
    return s.all(...(parameters.map((p) => (typeof p === 'boolean' ? Number(p) : (p ?? null))) as never[]));
  };
}

const run = await openRunner(databaseUrl);
const app = Fastify({ logger: false });
app.get('*', async (req, reply) => {
  const route = routes.get(req.url);
  if (!route) return reply.code(404).send();
  for (const s of route.statements) await run(s.sql, s.parameters);
  return reply.code(route.status).type(route.contentType).send(route.bytes);
});
await app.listen({ port: Number(portText), host: '127.0.0.1' });
process.send?.('ready');
process.on('SIGTERM', () => void app.close().then(() => process.exit(0)));
