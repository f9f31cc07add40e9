#!/usr/bin/env node
// npm install's build (the `prepare` script): the server (tsc → dist/), the typed client (clients/typescript/dist,
// generated from the OpenAPI document) and the web app (vite → web/dist). The server's and the web app's build tools
// are dependencies, so a production install (`npm ci --omit=dev`) builds what `zeitkonto serve` needs. The client's
// generator (tsx, openapi-typescript) is a development tool: without it the client is not built — the server does
// not use it, and the web app's build reads the client's sources.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const has = (pkg) => fs.existsSync(path.join(root, 'node_modules', pkg, 'package.json'));

function run(label, args) {
  const result = spawnSync('npm', args, { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) {
    console.error(`zeitkonto: ${label} failed (exit ${result.status ?? result.signal})`);
    process.exit(result.status ?? 1);
  }
}

run('the server build', ['run', 'build', '--silent']);
if (has('tsx') && has('openapi-typescript'))
  run('the typed client build', ['run', 'build', '--silent', '-w', '@zeitkonto/client']);
else
  console.log(
    'zeitkonto: production install: the typed client (clients/typescript) is not built, its generator is a development tool',
  );
run('the web app build', ['run', 'build:web', '--silent']);
