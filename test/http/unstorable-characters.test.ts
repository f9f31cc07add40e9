// The cost side of the NUL/surrogate refusal: a JSON body whose raw text holds no \u0000 or
// surrogate escape cannot hold those characters, so it is not walked at all (a 1 MB body of 500,000 elements
// cost 0.4–1 s of event loop when every element was visited). Time is not asserted (it is measured by
// `npm run reliability`, part cost); what is asserted is that the clean body's elements are never read, counted
// through a proxy. test/http/hostile-input.test.ts checks the answers through HTTP on both databases.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { FastifyRequest } from 'fastify';
import { noteParsedJson, rejectUnstorableCharacters } from '../../src/http/unstorable-characters.js';

/** A parsed body behind a proxy that counts every property read. */
function counted(value: object) {
  const reads = { n: 0 };
  const proxy = new Proxy(value, {
    get(target, key, receiver) {
      reads.n++;
      return Reflect.get(target, key, receiver);
    },
  });
  return { proxy, reads };
}

const request = (body: unknown) => ({ params: {}, query: {}, body }) as unknown as FastifyRequest;

test('a body whose raw JSON has no NUL or surrogate escape is not walked; one with such an escape is', async () => {
  const elements = Array.from({ length: 10_000 }, (_, i) => `item ${i}`);
  const raw = JSON.stringify({ name: 'big', keywords: elements });
  const clean = counted({ name: 'big', keywords: elements });
  noteParsedJson(raw, clean.proxy);
  await rejectUnstorableCharacters(request(clean.proxy));
  assert.equal(clean.reads.n, 0, 'the clean body was read');

  const suspect = counted({ name: 'big', keywords: elements });
  noteParsedJson(`${raw.slice(0, -1)},"x":"\\u0000"}`, suspect.proxy);
  await rejectUnstorableCharacters(request(suspect.proxy)); // the escape was elsewhere in the text: nothing to refuse
  assert.ok(suspect.reads.n > 0, 'a body with a suspect escape is walked');

  const nul = { name: 'x\u0000', keywords: elements };
  noteParsedJson(JSON.stringify(nul), nul);
  await assert.rejects(
    rejectUnstorableCharacters(request(nul)),
    (e: any) => e.statusCode === 422 && Object.keys(e.errors).join() === 'name',
  );
});
