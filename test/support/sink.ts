// A webhook receiver on this machine that answers 204 to everything: webhooks a test subscribes only to read their
// outbox must still be deliverable, or another test file's worker sharing the PostgreSQL database (it delivers every
// tenant's due events) would retry them forever.
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export async function startSink(): Promise<{ url: string; close(): Promise<void> }> {
  const server = http.createServer((req, res) => {
    req.resume();
    req.on('end', () => res.writeHead(204).end());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/sink`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
