// Graceful shutdown under load: writers keep creating records on new connections, SIGTERM arrives mid-load.
// Every request whose connection the server accepted must be answered (a refused connection was never
// accepted), and after a restart every acknowledged create is there.
import { apiPath, connects, request, startServer, type Target } from './server.js';
import type { Random } from './random.js';

export interface ShutdownResult {
  answered: number;
  acknowledged: number;
  refused: number;
  unanswered: number;
  lost: number;
  exitCode: number | null;
  /** Socket errors of requests that were not answered, by code. */
  errors: Record<string, number>;
  /** The server's own count at exit: connections accepted, requests received, responses finished. */
  server: { connections?: number; requests?: number; answered?: number };
  /** Connections reset before the server accepted them (the kernel's listen backlog at close). */
  resetInBacklog: number;
}

export async function gracefulShutdown(target: Target, random: Random, writers = 16): Promise<ShutdownResult> {
  const server = await startServer(target, { LOG_LEVEL: 'info' });
  const connectsBefore = connects.n;
  const acked: string[] = [];
  const counts = { answered: 0, refused: 0, unanswered: 0 };
  const errors: Record<string, number> = {};
  let seq = 0;
  let stopped = false;
  const load = Promise.all(
    Array.from({ length: writers }, async () => {
      while (!stopped) {
        const name = `s${seq++}`;
        try {
          const r = await request(server.port, 'POST', apiPath(target, '/activities'), {
            body: { name, description: random.string(5, 20) },
            token: target.token,
          });
          counts.answered++;
          if (r.status === 201) acked.push(name);
        } catch (err) {
          if ((err as { code?: string }).code === 'ECONNREFUSED') {
            counts.refused++;
            return;
          }
          counts.unanswered++;
          const code = (err as { code?: string }).code ?? String(err);
          errors[code] = (errors[code] ?? 0) + 1;
        }
      }
    }),
  );
  await new Promise((r) => setTimeout(r, 2000 + random.int(1000)));
  server.child.kill('SIGTERM');
  const exitCode = await server.exited;
  stopped = true;
  await load;
  const connected = connects.n - connectsBefore;
  const served = JSON.parse(server.lines.find((l) => l.includes('"shut down"')) ?? '{}') as {
    connections?: number;
    requests?: number;
    answered?: number;
  };
  const after = await startServer(target);
  let lost = 0;
  try {
    for (const name of acked) {
      const r = await request(after.port, 'GET', apiPath(target, `/activities/${name}`), { token: target.token });
      if (r.status !== 200) lost++;
    }
  } finally {
    after.child.kill('SIGTERM');
    await after.exited;
  }
  // Connections the kernel completed but the server never accepted (still in the listen backlog when it closed)
  // are reset by the kernel: the client connected, the server did not count the connection.
  const backlog = connected - (served.connections ?? 0) + 1; // + the readiness probe's connection
  return { ...counts, acknowledged: acked.length, lost, exitCode, errors, server: served, resetInBacklog: backlog };
}
