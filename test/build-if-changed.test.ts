// Issue 20 §5: `npm start` compiles only when a source changed since the last build.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { test } from 'node:test';
// @ts-expect-error a plain .mjs script without type declarations
import { needsBuild } from '../scripts/build-if-changed.mjs';

const at = (file: string, seconds: number) => fs.utimesSync(file, seconds, seconds);

test('a build is needed without output, not after it, and again when a source file or folder changes', () => {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'zk-build-'));
  try {
    fs.mkdirSync(path.join(root, 'src', 'modules'), { recursive: true });
    const source = path.join(root, 'src', 'modules', 'a.ts');
    fs.writeFileSync(source, 'export {};');
    fs.writeFileSync(path.join(root, 'tsconfig.json'), '{}');
    for (const p of [source, path.join(root, 'src', 'modules'), path.join(root, 'src'), path.join(root, 'tsconfig.json')]) at(p, 1000);
    assert.equal(needsBuild(root), true, 'no dist yet');
    fs.mkdirSync(path.join(root, 'dist'));
    const info = path.join(root, 'dist', '.tsbuildinfo');
    fs.writeFileSync(info, '{}');
    at(info, 2000);
    assert.equal(needsBuild(root), false, 'up to date');
    at(source, 3000);
    assert.equal(needsBuild(root), true, 'a changed source');
    at(source, 1000);
    fs.rmSync(source);
    at(path.join(root, 'src'), 1000);
    assert.equal(needsBuild(root), true, 'a deleted source changes its folder');
  } finally {
    fs.rmSync(root, { recursive: true, force: true });
  }
});
