#!/usr/bin/env node
// `npm start`'s build step: compile only when a source changed since the last build (dist/.tsbuildinfo is newer
// than every file and folder under src/ and the tsconfig files), so an unchanged checkout starts at once. The web
// app likewise: built again when a file under web/src (or its page or build settings) is newer than web/dist.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** Newest modification time (ms) of `target` and, for a folder, everything below it. */
function newest(target) {
  const stat = fs.statSync(target, { throwIfNoEntry: false });
  if (!stat) return 0;
  if (!stat.isDirectory()) return stat.mtimeMs;
  return fs.readdirSync(target).reduce((max, name) => Math.max(max, newest(path.join(target, name))), stat.mtimeMs);
}

/** True when the build output is missing or older than a source. */
export function needsBuild(root) {
  const built = newest(path.join(root, 'dist', '.tsbuildinfo'));
  if (built === 0) return true;
  const sources = ['src', 'tsconfig.json', 'tsconfig.build.json'].map((p) => newest(path.join(root, p)));
  return Math.max(...sources) > built;
}

/** True when the web app's build (web/dist) is missing or older than a file of its sources; false without web/. */
export function needsWebBuild(root) {
  const sources = ['web/src', 'web/index.html', 'web/vite.config.ts'].map((p) => newest(path.join(root, p)));
  if (Math.max(...sources) === 0) return false;
  return Math.max(...sources) > newest(path.join(root, 'web', 'dist', 'index.html'));
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
  if (needsBuild(root)) {
    const tsc = path.join(root, 'node_modules', 'typescript', 'bin', 'tsc');
    const result = spawnSync(process.execPath, [tsc, '-p', path.join(root, 'tsconfig.build.json')], {
      stdio: 'inherit',
    });
    if (result.status !== 0) process.exit(result.status ?? 1);
    // tsc leaves .tsbuildinfo alone when its content does not change: mark the build as done now.
    const info = path.join(root, 'dist', '.tsbuildinfo');
    if (fs.existsSync(info)) fs.utimesSync(info, new Date(), new Date());
  }
  if (needsWebBuild(root)) {
    const vite = path.join(root, 'node_modules', 'vite', 'bin', 'vite.js');
    const result = spawnSync(process.execPath, [vite, 'build', path.join(root, 'web')], { stdio: 'inherit' });
    if (result.status !== 0) process.exit(result.status ?? 1);
  }
}
