// `npm run bench:sqlite-sync`: SQLite's synchronous=FULL against NORMAL (WAL mode) for acknowledged writes. The
// server runs as its own process on a fresh database file; 16 writers create records on new connections for
// a few seconds; rounds alternate between the settings so machine noise falls on both. Prints a Markdown table.
//   --seconds N (default 5)   --rounds N (default 3)   --writers N (default 16)
import { parseArgs } from 'node:util';
import { apiPath, prepareTarget, request, startServer } from '../reliability/server.js';

const { values: opts } = parseArgs({
  options: {
    seconds: { type: 'string', default: '5' },
    rounds: { type: 'string', default: '3' },
    writers: { type: 'string', default: '16' },
  },
});
const seconds = Number(opts.seconds);

async function round(synchronous: 'FULL' | 'NORMAL') {
  const target = await prepareTarget('sqlite');
  const server = await startServer(target, { SQLITE_SYNCHRONOUS: synchronous });
  const latencies: number[] = [];
  let seq = 0;
  const end = Date.now() + seconds * 1000;
  try {
    await Promise.all(
      Array.from({ length: Number(opts.writers) }, async () => {
        while (Date.now() < end) {
          const t0 = performance.now();
          const r = await request(server.port, 'POST', apiPath(target, '/activities'), {
            body: { name: `w${seq++}`, description: 'x' },
            token: target.token,
          });
          if (r.status === 201) latencies.push(performance.now() - t0);
        }
      }),
    );
  } finally {
    server.child.kill('SIGTERM');
    await server.exited;
    await target.cleanup();
  }
  latencies.sort((a, b) => a - b);
  const q = (p: number) => latencies[Math.min(latencies.length - 1, Math.floor(p * latencies.length))] ?? 0;
  return { writesPerSecond: latencies.length / seconds, p50: q(0.5), p99: q(0.99) };
}

const results: Record<string, { writesPerSecond: number; p50: number; p99: number }[]> = { FULL: [], NORMAL: [] };
for (let i = 0; i < Number(opts.rounds); i++) {
  for (const s of ['NORMAL', 'FULL'] as const) {
    results[s].push(await round(s));
    process.stderr.write(
      `[sqlite-sync] ${s} round ${i + 1}: ${Math.round(results[s].at(-1)!.writesPerSecond)} writes/s\n`,
    );
  }
}
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const lines = ['| synchronous | writes/s (median of rounds) | p50 ms | p99 ms |', '|---|---|---|---|'];
for (const [s, rs] of Object.entries(results)) {
  lines.push(
    `| ${s} | ${Math.round(median(rs.map((r) => r.writesPerSecond)))} | ${median(rs.map((r) => r.p50)).toFixed(1)} | ${median(rs.map((r) => r.p99)).toFixed(1)} |`,
  );
}
process.stdout.write(`${lines.join('\n')}\n`);
