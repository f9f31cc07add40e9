// The `zeitkonto import` command line: its help, and bad arguments refused with exit code 2 before anything is read.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { main } from '../../src/cli/index.js';

const capture = () => {
  const out: string[] = [];
  const err: string[] = [];
  return { out, err, io: { out: (l: string) => out.push(l), err: (l: string) => err.push(l) } };
};

test('zeitkonto import --help shows its usage', async () => {
  const c = capture();
  assert.equal(await main(['import', '--help'], c.io), 0);
  assert.match(c.out.join('\n'), /import <instance> --from <base URL/);
});

test('zeitkonto import refuses a source that is no base URL, and a missing token file', async () => {
  const a = capture();
  assert.equal(await main(['import', 'x', '--from', 'https://example.com/', '--token-file', 't'], a.io), 2);
  assert.match(a.err.join('\n'), /--from must be the source's base URL/);
  const b = capture();
  assert.equal(await main(['import', 'x', '--from', 'https://example.com/i/next/api/v1'], b.io), 2);
  assert.match(b.err.join('\n'), /--token-file/);
});
