// Load generator in its own process: autocannon with a fixed connection count, a warm-up, then the measured
// window. Reads a job file, prints one JSON result line. Requests cycle through the job's request list.
import fs from 'node:fs';
import autocannon from 'autocannon';

export interface LoadJob {
  url: string;
  connections: number;
  warmupSeconds: number;
  durationSeconds: number;
  headers: Record<string, string>;
  /** Requests used in order, wrapping around (POST bodies should be unique: give enough of them). */
  requests: { method: string; path: string; body?: string }[];
  /** Index of the first request (a measured window continues where its warm-up stopped). */
  startAt?: number;
}

export interface LoadResult {
  requests: number;
  rps: number;
  p50: number;
  p99: number;
  max: number;
  non2xx: number;
  errors: number;
  statusCodes: Record<string, number>;
  /** Index of the next unused request. */
  next: number;
}

function run(job: LoadJob, seconds: number, startAt: number): Promise<autocannon.Result & { next: number }> {
  let i = startAt;
  return new Promise((resolve, reject) => {
    const instance = autocannon(
      {
        url: job.url,
        connections: job.connections,
        duration: seconds,
        headers: job.headers,
        requests: [
          {
            setupRequest: (req: any) => {
              const r = job.requests[i++ % job.requests.length];
              req.method = r.method;
              req.path = r.path;
              // autocannon reuses the request object (and its headers) per connection: start from fresh headers
              // so that a GET after a POST carries no body, content type or stale content length.
              const { 'content-type': _type, ...base } = job.headers;
              if (r.body !== undefined) {
                req.body = r.body;
                req.headers = { ...base, 'content-type': 'application/json' };
              } else {
                delete req.body;
                req.headers = { ...base };
              }
              return req;
            },
          },
        ],
      } as any,
      (err: Error | null, result: autocannon.Result) => (err ? reject(err) : resolve({ ...result, next: i })),
    );
    void instance;
  });
}

const job = JSON.parse(fs.readFileSync(process.argv[2], 'utf8')) as LoadJob;
let next = job.startAt ?? 0;
if (job.warmupSeconds > 0) next = (await run(job, job.warmupSeconds, next)).next;
const r = await run(job, job.durationSeconds, next);
const statusCodes: Record<string, number> = {};
for (const [k, v] of Object.entries((r as any).statusCodeStats ?? {})) statusCodes[k] = (v as any).count;
const result: LoadResult = {
  requests: r.requests.total,
  rps: Math.round((r.requests.total / r.duration) * 10) / 10,
  p50: r.latency.p50,
  p99: r.latency.p99,
  max: r.latency.max,
  non2xx: r.non2xx,
  errors: r.errors + r.timeouts,
  statusCodes,
  next: r.next,
};
process.stdout.write(`${JSON.stringify(result)}\n`);
