// The data-bound ceiling: what a read costs when the application adds nothing on top of its data.
// captureReplays() runs the app in this process on the same database and records, per request, the SQL statements
// it executes (with their parameters) and the response bytes. bench/data-ceiling.ts then answers each request by
// running exactly those statements and sending those bytes, from a minimal Fastify process (no auth, no hooks).
// Each request is recorded on its third run, so the app's caches (tenant, token, list totals, seek tables) are
// warm, as they are under load; what the ceiling runs is therefore what the app reads per request in the steady state.
import { buildApp } from '../src/app.js';
import { loadConfig } from '../src/config.js';
import { openDatabase } from '../src/db/connection.js';

export interface Replay {
  statements: { sql: string; parameters: unknown[] }[];
  status: number;
  contentType: string;
  body: string;
}

/** path -> what the app ran and answered for it. */
export type Replays = Record<string, Replay>;

export async function captureReplays(
  env: NodeJS.ProcessEnv,
  paths: string[],
  headers: Record<string, string>,
): Promise<Replays> {
  const config = loadConfig(env);
  let statements: Replay['statements'] | undefined;
  const database = openDatabase(config.database, {
    poolSize: 2,
    onQuery: (sql, parameters) => statements?.push({ sql, parameters: [...parameters] }),
  });
  const app = await buildApp(config, { database, logger: false });
  await app.ready();
  const out: Replays = {};
  try {
    for (const path of new Set(paths)) {
      // Two runs first: the second builds what a repeated request builds once (a deep page's seek table).
      for (let i = 0; i < 2; i++) await app.inject({ method: 'GET', url: path, headers });
      statements = [];
      const res = await app.inject({ method: 'GET', url: path, headers });
      out[path] = {
        statements,
        status: res.statusCode,
        contentType: String(res.headers['content-type'] ?? 'application/json'),
        body: res.body,
      };
      statements = undefined;
    }
  } finally {
    await app.close();
  }
  return out;
}
