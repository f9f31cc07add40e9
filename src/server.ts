// Listen, and shut down gracefully on SIGTERM/SIGINT: stop accepting, finish in-flight requests, close the database.
import type { Config } from './config.js';
import { buildApp } from './app.js';
import { migrate } from './db/migrate.js';
import { openDatabase } from './db/connection.js';
import { startMaintenance } from './plugins/write-path/maintenance.js';

export async function serve(config: Config, opts: { onListening?: (url: string) => void } = {}) {
  const database = openDatabase(config.database);
  await migrate(database.db, database.dialect);
  const app = await buildApp(config, { database });
  const logError = (err: unknown) => app.log.error({ err }, 'background work failed');
  app.zk.webhooks.start(1000, logError);
  const stopMaintenance = startMaintenance(database.db, config.changeRetentionDays, logError);
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
    app.close().then(
      () => process.exit(0),
      (err) => {
        app.log.error({ err }, 'error during shutdown');
        process.exit(1);
      },
    );
  };
  // `on`, not `once`: a repeated signal (Ctrl-C reaches both bin/zeitkonto.js and the Node it started) must not
  // fall through to the default handler and end the process before in-flight requests are answered.
  process.on('SIGTERM', () => shutdown('SIGTERM'));
  process.on('SIGINT', () => shutdown('SIGINT'));
  return app;
}
