// `npm start` compiles only when a source changed since the last build.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { test } from 'node:test';
// @ts-expect-error a plain .mjs script without type declarations
import { needsBuild, needsWebBuild } from '../scripts/build-if-changed.mjs';

const at = (file: string, seconds: number) => fs.utimesSync(file, seconds, seconds);
const repo = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');

test('a build is needed without output, not after it, and again when a source file or folder changes', () => {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'zk-build-'));
  try {
    fs.mkdirSync(path.join(root, 'src', 'modules'), { recursive: true });
    const source = path.join(root, 'src', 'modules', 'a.ts');
    fs.writeFileSync(source, 'export {};');
    fs.writeFileSync(path.join(root, 'tsconfig.json'), '{}');
    for (const p of [
      source,
      path.join(root, 'src', 'modules'),
      path.join(root, 'src'),
      path.join(root, 'tsconfig.json'),
    ])
      at(p, 1000);
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

test('the web app is built again when a file of its sources is newer than its build; never without web/', () => {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'zk-web-build-'));
  try {
    assert.equal(needsWebBuild(root), false, 'no web app here');
    fs.mkdirSync(path.join(root, 'web', 'src'), { recursive: true });
    const source = path.join(root, 'web', 'src', 'Week.tsx');
    fs.writeFileSync(source, 'export {};');
    for (const p of [source, path.join(root, 'web', 'src')]) at(p, 1000);
    assert.equal(needsWebBuild(root), true, 'no build yet');
    fs.mkdirSync(path.join(root, 'web', 'dist'));
    const page = path.join(root, 'web', 'dist', 'index.html');
    fs.writeFileSync(page, '<!doctype html>');
    at(page, 2000);
    assert.equal(needsWebBuild(root), false, 'up to date');
    at(source, 3000);
    assert.equal(needsWebBuild(root), true, 'a changed source');
  } finally {
    fs.rmSync(root, { recursive: true, force: true });
  }
});

test('`npm start` (its prestart script) compiles a changed checkout and does not run the compiler when nothing changed', () => {
  // A small package with this repository's prestart script and build settings. Its TypeScript compiler is the
  // real one behind a stand-in that counts the runs.
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'zk-prestart-'));
  try {
    const { scripts } = JSON.parse(fs.readFileSync(path.join(repo, 'package.json'), 'utf8'));
    fs.writeFileSync(
      path.join(root, 'package.json'),
      JSON.stringify({ name: 'zk-prestart', type: 'module', scripts: { prestart: scripts.prestart } }),
    );
    fs.mkdirSync(path.join(root, 'scripts'));
    fs.copyFileSync(
      path.join(repo, 'scripts', 'build-if-changed.mjs'),
      path.join(root, 'scripts', 'build-if-changed.mjs'),
    );
    fs.copyFileSync(path.join(repo, 'tsconfig.build.json'), path.join(root, 'tsconfig.build.json'));
    fs.writeFileSync(
      path.join(root, 'tsconfig.json'),
      JSON.stringify({
        compilerOptions: { target: 'ES2022', module: 'NodeNext', moduleResolution: 'NodeNext', types: [] },
      }),
    );
    const runs = path.join(root, 'tsc-runs.log');
    const tsc = path.join(root, 'node_modules', 'typescript', 'bin', 'tsc');
    fs.mkdirSync(path.dirname(tsc), { recursive: true });
    fs.writeFileSync(path.join(root, 'node_modules', 'typescript', 'package.json'), '{"name":"typescript"}');
    fs.writeFileSync(
      tsc,
      `require('fs').appendFileSync(${JSON.stringify(runs)}, 'tsc\\n');\nrequire(${JSON.stringify(path.join(repo, 'node_modules', 'typescript', 'lib', 'tsc.js'))});\n`,
    );
    const compilerRuns = () =>
      fs.existsSync(runs) ? fs.readFileSync(runs, 'utf8').split('\n').filter(Boolean).length : 0;
    fs.mkdirSync(path.join(root, 'src'));
    const source = path.join(root, 'src', 'a.ts');
    const built = path.join(root, 'dist', 'a.js');
    const prestart = () => {
      const r = spawnSync('npm', ['run', '--silent', 'prestart'], { cwd: root, encoding: 'utf8' });
      assert.equal(r.status, 0, r.stderr);
    };

    fs.writeFileSync(source, 'export const version = 1;\n');
    prestart();
    assert.match(fs.readFileSync(built, 'utf8'), /version = 1/, 'the first start compiles');
    assert.equal(compilerRuns(), 1);

    prestart();
    prestart();
    assert.equal(compilerRuns(), 1, 'nothing changed: the compiler did not run');

    fs.writeFileSync(source, 'export const version = 2;\n');
    at(source, Date.now() / 1000 + 5); // newer than the build even on a coarse file-system clock
    prestart();
    assert.match(fs.readFileSync(built, 'utf8'), /version = 2/, 'a changed source is compiled');
    assert.equal(compilerRuns(), 2);
  } finally {
    fs.rmSync(root, { recursive: true, force: true });
  }
});
