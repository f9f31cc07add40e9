// Brotli or gzip for the documents — the OpenAPI documents (/openapi/*, a tenant's /openapi.json: about 460 kB) and
// the /docs page's files (Swagger UI: about 1.5 MB) — when the client accepts it. API answers are not compressed: they
// are small pages, and compressing them would cost CPU on every request (docs/performance.md). The web app's files
// are compressed at build (src/plugins/web-app.ts). The documents change only with the Host they name and the demo
// examples, so each compressed body is kept by its content's hash and made once.
import crypto from 'node:crypto';
import type { Readable } from 'node:stream';
import zlib from 'node:zlib';
import type { FastifyInstance } from 'fastify';

const DOCUMENT_URL = /^\/(?:openapi\/|docs(?:[/?]|$)|[^/]+\/next\/api\/v1\/openapi\.json)/;
const MIN_BYTES = 1024;
const KEPT = 64;

type Encoding = 'br' | 'gzip';

function encode(body: Buffer, encoding: Encoding): Buffer {
  return encoding === 'br'
    ? zlib.brotliCompressSync(body, {
        params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 6, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.length },
      })
    : zlib.gzipSync(body, { level: 6 });
}

function acceptedEncoding(accepts: string): Encoding | undefined {
  if (/\bbr\b/.test(accepts)) return 'br';
  if (/\bgzip\b/.test(accepts)) return 'gzip';
  return undefined;
}

async function bufferOf(payload: unknown): Promise<Buffer | undefined> {
  if (typeof payload === 'string') return Buffer.from(payload);
  if (Buffer.isBuffer(payload)) return payload;
  if (payload && typeof (payload as Readable).pipe === 'function') {
    const chunks: Buffer[] = [];
    for await (const chunk of payload as Readable) chunks.push(Buffer.from(chunk));
    return Buffer.concat(chunks);
  }
  return undefined;
}

export function registerDocumentCompression(app: FastifyInstance): void {
  const kept = new Map<string, Buffer>();
  app.addHook('onSend', async (request, reply, payload) => {
    if (!DOCUMENT_URL.test(request.url) || reply.getHeader('content-encoding')) return payload;
    const encoding = acceptedEncoding(String(request.headers['accept-encoding'] ?? ''));
    reply.header('Vary', 'Accept-Encoding');
    if (!encoding || reply.statusCode !== 200) return payload;
    const body = await bufferOf(payload);
    if (!body || body.length < MIN_BYTES) return body ?? payload;
    const key = `${encoding}:${crypto.createHash('sha256').update(body).digest('base64url')}`;
    let compressed = kept.get(key);
    if (!compressed) {
      compressed = encode(body, encoding);
      if (kept.size >= KEPT) kept.delete(kept.keys().next().value!);
      kept.set(key, compressed);
    }
    reply.header('Content-Encoding', encoding);
    reply.removeHeader('content-length');
    return compressed;
  });
}
