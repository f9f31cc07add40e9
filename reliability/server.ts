// The server as its own process (from source, as `serve` runs it), a fresh database per dialect with one tenant
// and token, and plain HTTP requests on a new connection each (so "accepted" means a TCP connection was taken).
import { spawn, type ChildProcess } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { loadConfig, type DatabaseConfig } from '../src/config.js';
import { openDatabase } from '../src/db/connection.js';
import { migrate } from '../src/db/migrate.js';
import { createTenant } from '../src/tenancy/tenants.js';
import { createToken } from '../src/tenancy/tokens.js';
import { createPgDatabase, dropPgDatabase } from '../test/support/db.js';

export type Dialect = 'sqlite' | 'postgres';
export const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');

export interface Target {
  dialect: Dialect;
  databaseUrl: string;
  database: DatabaseConfig;
  instance: string;
  token: string;
  cleanup(): Promise<void>;
}

/** A migrated, empty database with one tenant and a token. */
export async function prepareTarget(dialect: Dialect): Promise<Target> {
  let databaseUrl: string;
  let cleanup: () => Promise<void>;
  if (dialect === 'sqlite') {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'zk-reliability-'));
    databaseUrl = `file:${path.join(dir, 'zeitkonto.db')}`;
    cleanup = async () => fs.rmSync(dir, { recursive: true, force: true });
  } else {
    const name = `zk_reliability_${process.pid}_${crypto.randomBytes(3).toString('hex')}`;
    databaseUrl = await createPgDatabase(name);
    cleanup = () => dropPgDatabase(name);
  }
  const database = loadConfig({ DATABASE_URL: databaseUrl }).database;
  const opened = openDatabase(database);
  try {
    await migrate(opened.db, opened.dialect);
    const tenant = await createTenant(opened.db, { instance: `rel${crypto.randomBytes(4).toString('hex')}` });
    const { token } = await createToken(opened.db, tenant.id);
    return { dialect, databaseUrl, database, instance: tenant.instance, token, cleanup };
  } finally {
    await opened.close();
  }
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = net.createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const port = (s.address() as net.AddressInfo).port;
      s.close(() => resolve(port));
    });
  });
}

export interface Server {
  port: number;
  child: ChildProcess;
  exited: Promise<number | null>;
  /** The server's log lines (JSON), when started with LOG_LEVEL=info. */
  lines: string[];
}

export async function startServer(target: Target, env: Record<string, string> = {}): Promise<Server> {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'reliability', 'serve.ts')], {
    cwd: root,
    env: {
      ...process.env,
      DATABASE_URL: target.databaseUrl,
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'error',
      NODE_ENV: 'production',
      RATE_LIMIT_5MIN: '1000000000',
      RATE_LIMIT_HOUR: '1000000000',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const lines: string[] = [];
  let rest = '';
  child.stdout!.on('data', (d) => {
    const parts = (rest + d).split('\n');
    rest = parts.pop()!;
    lines.push(...parts);
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  for (let i = 0; i < 2400; i++) {
    if (child.exitCode !== null || child.signalCode !== null) throw new Error('server exited during start');
    const r = await request(port, 'GET', '/readyz').catch(() => undefined);
    if (r && r.status === 200) return { port, child, exited, lines };
    await new Promise((r) => setTimeout(r, 50));
  }
  child.kill('SIGKILL');
  throw new Error('server did not become ready');
}

export interface Answer {
  status: number;
  body: string;
}

/** Client-side count of TCP connections established (the kernel accepted them; the server may not have). */
export const connects = { n: 0 };

/**
 * One request on its own connection, or on `agent`'s kept-alive ones. Rejects with the socket error's code
 * (ECONNREFUSED: never accepted).
 */
export function request(
  port: number,
  method: string,
  pathname: string,
  opts: { body?: unknown; token?: string; headers?: Record<string, string>; agent?: http.Agent } = {},
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const payload = opts.body === undefined || typeof opts.body === 'string' ? opts.body : JSON.stringify(opts.body);
    const req = http.request(
      {
        host: '127.0.0.1',
        port,
        method,
        path: pathname,
        agent: opts.agent ?? false,
        headers: {
          accept: 'application/json',
          ...(payload !== undefined
            ? { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) }
            : {}),
          ...(opts.token ? { authorization: `Bearer ${opts.token}` } : {}),
          ...opts.headers,
        },
      },
      (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (d) => (body += d));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    // A kept-alive socket is connected already (and connects only once).
    req.on('socket', (socket) => socket.connecting && socket.once('connect', () => connects.n++));
    req.end(payload);
  });
}

export const apiPath = (target: Target, p: string) => `/${target.instance}/next/api/v1${p}`;
