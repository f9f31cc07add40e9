// Listen, and shut down gracefully on SIGTERM/SIGINT: stop accepting, answer every request on a connection already
// accepted, close the database. A connection counts as idle (and is closed) only after a second without a
// request: closing idle connections at once would reset those accepted just before whose request is still
// on its way.
import type { Server, ServerResponse, IncomingMessage } from 'node:http';
import type { Socket } from 'node:net';
import type { Config } from './config.js';
import { buildApp } from './app.js';
import { migrate } from './db/migrate.js';
import { openDatabase } from './db/connection.js';
import { startMaintenance } from './plugins/write-path/maintenance.js';

export async function serve(config: Config, opts: { onListening?: (url: string) => void } = {}) {
  const database = openDatabase(config.database);
  await migrate(database.db, database.dialect);
  const app = await buildApp(config, { database });
  const idle = trackIdleSockets(app.server);
  const logError = (err: unknown) => app.log.error({ err }, 'background work failed');
  app.zk.webhooks.start(1000, logError);
  const stopMaintenance = startMaintenance(
    database.db,
    database.dialect,
    app.zk.changeLog,
    config.changeRetentionDays,
    logError,
  );
  app.addHook('onClose', async () => stopMaintenance());
  const address = await app.listen({ port: config.port, host: config.host });
  opts.onListening?.(address);
  let closing = false;
  const shutdown = (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    const force = setTimeout(() => process.exit(1), 10_000);
    force.unref();
    const sweeper = setInterval(() => idle.closeIdle(1000), 100);
    sweeper.unref();
    // Node's http server.close() (called by app.close()) also destroys every connection without a request in
    // flight, including one accepted a moment ago whose request has not been read yet: it would be reset. The
    // sweeper above closes connections idle for a second instead.
    app.server.closeIdleConnections = () => {};
    // The listener stays open until no connection has arrived for LISTEN_QUIET_MS (at most LISTEN_DRAIN_MS): the
    // connections the kernel has completed meanwhile — the listen backlog, filled while a long request held the loop —
    // are accepted and answered instead of reset when the listening socket closes.
    void untilQuiet(() => idle.counts.connections).then(() =>
      app.close().then(
        () => {
          app.log.info(idle.counts, 'shut down');
          process.exit(0);
        },
        (err) => {
          app.log.error({ err }, 'error during shutdown');
          process.exit(1);
        },
      ),
    );
  };
  // `on`, not `once`: a repeated signal (Ctrl-C reaches both bin/zeitkonto.js and the Node it started) must not
  // fall through to the default handler and end the process before in-flight requests are answered.
  process.on('SIGTERM', () => shutdown('SIGTERM'));
  process.on('SIGINT', () => shutdown('SIGINT'));
  return app;
}

const LISTEN_QUIET_MS = 100;
const LISTEN_DRAIN_MS = 2000;

/** Resolves once `count()` has not changed for LISTEN_QUIET_MS, or after LISTEN_DRAIN_MS. */
async function untilQuiet(count: () => number): Promise<void> {
  const end = Date.now() + LISTEN_DRAIN_MS;
  let last = -1;
  while (count() !== last && Date.now() < end) {
    last = count();
    await new Promise((resolve) => setTimeout(resolve, LISTEN_QUIET_MS));
  }
}

/** Connections with the time they last had no request in flight, to close those idle for a while. */
function trackIdleSockets(server: Server) {
  const sockets = new Map<Socket, { active: number; idleSince: number }>();
  const counts = { connections: 0, requests: 0, answered: 0 };
  server.on('connection', (socket: Socket) => {
    counts.connections++;
    sockets.set(socket, { active: 0, idleSince: Date.now() });
    socket.once('close', () => sockets.delete(socket));
  });
  server.on('request', (req: IncomingMessage, res: ServerResponse) => {
    const state = sockets.get(req.socket);
    counts.requests++;
    res.once('finish', () => counts.answered++);
    if (!state) return;
    state.active++;
    res.once('close', () => {
      state.active--;
      state.idleSince = Date.now();
    });
  });
  return {
    counts,
    closeIdle(afterMs: number) {
      const now = Date.now();
      for (const [socket, state] of sockets)
        if (state.active === 0 && now - state.idleSince >= afterMs) socket.destroy();
    },
  };
}
