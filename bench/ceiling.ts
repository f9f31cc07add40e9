// The ceiling: a bare node:http server in its own process that answers with identical response bytes captured
// from the real server. Usage: node --import tsx bench/ceiling.ts <captured.json> <port>
import fs from 'node:fs';
import http from 'node:http';

interface Captured {
  /** path prefix -> response */
  [prefix: string]: { status: number; contentType: string; body: string };
}

const [file, portText] = process.argv.slice(2);
const captured = JSON.parse(fs.readFileSync(file, 'utf8')) as Captured;
const routes = Object.entries(captured).map(([prefix, r]) => ({
  prefix,
  status: r.status,
  headers: { 'content-type': r.contentType, 'content-length': Buffer.byteLength(r.body) },
  body: Buffer.from(r.body),
}));

const server = http.createServer((req, res) => {
  const route = routes.find((r) => req.url!.startsWith(r.prefix)) ?? routes[0];
  res.writeHead(route.status, route.headers);
  res.end(route.body);
});
server.keepAliveTimeout = 65_000;
server.listen(Number(portText), '127.0.0.1', () => process.send?.('ready'));
process.on('SIGTERM', () => server.close(() => process.exit(0)));
