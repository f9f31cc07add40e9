// The web app (docs/web-app.md) from the same process: its build (web/dist, made at install by `npm run build:web`)
// is read into memory at start. Hashed assets under /assets/ are cached for a year (immutable); index.html is
// answered for the app's client-side routes (APP_ROUTES) and is never cached, so a new build is picked up on the next
// load. Each file is sent as the build precompressed it: Brotli or gzip when the request
// accepts them, else as it is. Without a build the routes answer 503 with what to run.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

/** The build's folder: web/dist of the repository (this file runs from src/plugins or dist/plugins). */
export const WEB_DIST = fileURLToPath(new URL('../../web/dist/', import.meta.url));

/** Client-side routes of the app: everything under them is the app's (index.html). */
export const APP_ROUTES = [
  '/',
  '/sign-in',
  '/week',
  '/week/*',
  '/month',
  '/month/*',
  '/leave',
  '/leave/*',
  '/expenses',
  '/reports',
  '/closing',
  '/closing/*',
  '/timesheet/*',
  '/approvals',
  '/team',
  '/team/*',
];

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.json': 'application/json; charset=utf-8',
  '.png': 'image/png',
  '.woff2': 'font/woff2',
};
const IMMUTABLE = 'public, max-age=31536000, immutable';

interface WebFile {
  type: string;
  raw: Buffer;
  br?: Buffer;
  gz?: Buffer;
}

function readBuild(dir: string): Map<string, WebFile> {
  const files = new Map<string, WebFile>();
  const walk = (d: string): string[] =>
    fs
      .readdirSync(d, { withFileTypes: true })
      .flatMap((e) => (e.isDirectory() ? walk(path.join(d, e.name)) : [path.join(d, e.name)]));
  for (const file of walk(dir)) {
    if (file.endsWith('.gz') || file.endsWith('.br')) continue;
    const read = (suffix: string) => (fs.existsSync(file + suffix) ? fs.readFileSync(file + suffix) : undefined);
    const url = '/' + path.relative(dir, file).split(path.sep).join('/');
    files.set(url, {
      type: TYPES[path.extname(file)] ?? 'application/octet-stream',
      raw: fs.readFileSync(file),
      br: read('.br'),
      gz: read('.gz'),
    });
  }
  return files;
}

function send(request: FastifyRequest, reply: FastifyReply, file: WebFile, cache: string) {
  const accepts = String(request.headers['accept-encoding'] ?? '');
  reply.type(file.type).header('Cache-Control', cache).header('Vary', 'Accept-Encoding');
  // Each page names its sources: this origin only (no CDN; the app works offline from the machine).
  if (file.type.startsWith('text/html'))
    reply
      .header(
        'Content-Security-Policy',
        "default-src 'self'; img-src 'self' data:; style-src 'self'; frame-ancestors 'none'; base-uri 'none'",
      )
      .header('X-Content-Type-Options', 'nosniff');
  if (file.br && /\bbr\b/.test(accepts)) return reply.header('Content-Encoding', 'br').send(file.br);
  if (file.gz && /\bgzip\b/.test(accepts)) return reply.header('Content-Encoding', 'gzip').send(file.gz);
  return reply.send(file.raw);
}

export function registerWebApp(app: FastifyInstance, dir = WEB_DIST): void {
  const files = fs.existsSync(path.join(dir, 'index.html')) ? readBuild(dir) : null;
  if (!files) app.log.warn({ dir }, 'the web app is not built (npm run build:web): / answers 503');
  const hide = { schema: { hide: true } };
  const index = async (request: FastifyRequest, reply: FastifyReply) => {
    const page = files?.get('/index.html');
    if (!page)
      return reply
        .code(503)
        .type('text/plain; charset=utf-8')
        .send('The web app is not built: run `npm run build:web` (npm install does it).');
    return send(request, reply, page, 'no-cache');
  };
  for (const url of APP_ROUTES) app.get(url, hide, index);
  app.get('/assets/*', hide, async (request, reply) => {
    const file = files?.get(request.url.split('?')[0]!);
    if (!file) return reply.code(404).type('application/json; charset=utf-8').send({ message: 'Not found.' });
    return send(request, reply, file, IMMUTABLE);
  });
}
