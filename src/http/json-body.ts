// JSON request bodies: Fastify's safe parser (no __proto__ / constructor.prototype), an empty body is no body
// (clients that always send the header), and the raw text is scanned once for escapes of characters the API
// refuses (unstorable-characters.ts) and for numbers beyond a double (non-finite-numbers.ts), so a clean body is
// never walked element by element. No other parser is registered (Fastify's text/plain one is removed): any other
// content type is a 415 on every route, and the upload routes add multipart/form-data.
import type { FastifyInstance } from 'fastify';
import { noteParsedJson } from './unstorable-characters.js';
import { noteHugeNumbers } from './non-finite-numbers.js';

export function registerJsonBodyParser(app: FastifyInstance): void {
  app.removeContentTypeParser('text/plain');
  const parse = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, raw, done) => {
    const text = raw as string;
    if (text.trim() === '') return done(null, undefined);
    // Fastify's default JSON parser answers through the callback and returns nothing to await.
    void parse(request, text, (err, value) => {
      if (!err) {
        noteParsedJson(text, value);
        noteHugeNumbers(text, value);
      }
      done(err, value);
    });
  });
}
