// Hostile input a fault-injection run found: every answer is a 4xx in the API's {message} envelope,
// never a 500 or Node's bare default, and nothing is stored.
import assert from 'node:assert/strict';
import net from 'node:net';
import { test } from 'node:test';
import { forEachDialect } from '../support/app.js';
import { createTicket } from '../support/projects.js';
import { seedEmployee } from '../support/seed.js';

/** Raw HTTP over a socket to the listening app: what Node's parser answers before Fastify sees a request. */
function rawRequest(
  port: number,
  head: string,
  opts: { body?: string; holdMs?: number } = {},
): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1', () => {
      socket.write(head);
      if (opts.body) socket.write(opts.body);
    });
    let data = '';
    socket.on('data', (d) => (data += d));
    socket.on('error', () => {});
    socket.on('close', () => {
      const m = /^HTTP\/1\.1 (\d+)/.exec(data);
      if (!m) return reject(new Error(`no HTTP answer: ${JSON.stringify(data)}`));
      resolve({ status: Number(m[1]), body: data.slice(data.indexOf('\r\n\r\n') + 4) });
    });
  });
}

forEachDialect('hostile input', (t) => {
  test('page or limit of Infinity or 1e400 is a 422 on that parameter, on every kind of list', async () => {
    const c = await t().tenant();
    for (const path of ['/activities', '/customers', '/employees', '/attendances']) {
      for (const value of ['Infinity', '-Infinity', '1e400', 'NaN']) {
        for (const param of ['page', 'limit']) {
          const r = await c.get(`${path}?${param}=${value}`);
          assert.equal(r.status, 422, `${path}?${param}=${value}: ${r.text}`);
          assert.deepEqual(Object.keys(r.body.errors), [param]);
        }
      }
    }
  });

  test('a lone UTF-16 surrogate in a body, query or path string is a 422 on that field; nothing is stored', async () => {
    const c = await t().tenant();
    for (const bad of ['a\ud800b', 'x\udc00', 'end\udbff']) {
      const r = await c.post('/activities', { name: bad });
      assert.equal(r.status, 422, r.text);
      assert.deepEqual(r.body.errors, { name: ['The name field must not contain an unpaired UTF-16 surrogate.'] });
    }
    const nested = await c.post('/customers', {
      customer_number: 'S1',
      name: 'S',
      currency: 'EUR',
      keywords: ['ok', 'bad\ud800'],
    });
    assert.equal(nested.status, 422, nested.text);
    assert.ok(
      Object.keys(nested.body.errors).some((f) => f.startsWith('keywords')),
      nested.text,
    );
    const query = await c.get('/customers?customer_number=%ED%A0%80');
    assert.notEqual(query.status, 500, query.text);
    const pair = await c.post('/activities', { name: 'emoji \ud83d\ude00' });
    assert.equal(pair.status, 201, pair.text);
    assert.equal(pair.body.data.name, 'emoji \ud83d\ude00');
    assert.equal((await c.get('/activities')).body.meta.total, 1);
  });

  test('a 1 MB body of 500,000 array elements is refused with a 422, not walked into a 500', async () => {
    const c = await t().tenant();
    const payload = `{"name":"big","keywords":[${Array(500_000).fill('1').join(',')}]}`;
    const r = await c.request('POST', '/customers', undefined, {
      payload,
      headers: { 'content-type': 'application/json' },
    });
    assert.equal(r.status, 422, r.text.slice(0, 300));
    const nul = `{"name":"x\\u0000","keywords":[${Array(500_000).fill('1').join(',')}]}`;
    const r2 = await c.request('POST', '/customers', undefined, {
      payload: nul,
      headers: { 'content-type': 'application/json' },
    });
    assert.equal(r2.status, 422, r2.text.slice(0, 300));
    assert.equal((await c.get('/customers')).body.meta.total, 0);
  });

  test('an attachment with a content type other than JSON or multipart is a 415 in the envelope', async () => {
    const c = await t().tenant();
    const e = await seedEmployee(t().database.db, c.tenant.id);
    const ticket = await createTicket(c, {}, e.username);
    for (const type of ['text/plain', 'application/xml', 'application/octet-stream']) {
      const r = await c.request('POST', `/tickets/${ticket.id}/attachments`, undefined, {
        payload: 'hello',
        headers: { 'content-type': type },
      });
      assert.equal(r.status, 415, `${type}: ${r.text}`);
      assert.equal(typeof r.body.message, 'string');
    }
    const other = await c.request('POST', '/activities', undefined, {
      payload: 'name=x',
      headers: { 'content-type': 'text/plain' },
    });
    assert.equal(other.status, 415, other.text);
  });
});

forEachDialect(
  'hostile connections',
  (t) => {
    test('a URL over 16 KB is a 431 with the API envelope; malformed HTTP a 400 with it', async () => {
      const app = t().app;
      await app.listen({ port: 0, host: '127.0.0.1' });
      {
        const port = (app.server.address() as net.AddressInfo).port;
        const long = await rawRequest(
          port,
          `GET /x/next/api/v1/activities?q=${'a'.repeat(20_000)} HTTP/1.1\r\nHost: x\r\n\r\n`,
        );
        assert.equal(long.status, 431);
        assert.deepEqual(JSON.parse(long.body), { message: 'The request URL or headers are too large.' });
        const bad = await rawRequest(port, 'NONSENSE\r\n\r\n');
        assert.equal(bad.status, 400);
        assert.deepEqual(JSON.parse(bad.body), { message: 'The request is malformed.' });
        const c = await t().tenant();
        const slow = await rawRequest(
          port,
          `POST /${c.tenant.instance}/next/api/v1/activities HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ${c.token}\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n`,
          { body: '{"na' },
        );
        assert.equal(slow.status, 408);
        assert.deepEqual(JSON.parse(slow.body), { message: 'The request took too long to arrive.' });
      }
    });
  },
  { timeouts: { headersMs: 1000, requestMs: 1500 } },
);
