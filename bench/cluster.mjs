// `npm run bench -- --processes N`: the server as N processes sharing one port (node:cluster), the shape of a
// PostgreSQL + Redis deployment (docs/scaling.md). Usage: node bench/cluster.mjs <N> <dist/cli/index.js> [node flags]
import cluster from 'node:cluster';

const [count, entry, ...flags] = process.argv.slice(2);
if (cluster.isPrimary) {
  cluster.setupPrimary({ execArgv: flags });
  for (let i = 0; i < Number(count); i++) cluster.fork();
  process.on('SIGTERM', () => {
    for (const worker of Object.values(cluster.workers ?? {})) worker?.kill('SIGTERM');
    process.exit(0);
  });
} else {
  const { main } = await import(entry);
  process.exitCode = await main(['serve']);
}
