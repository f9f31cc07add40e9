#!/usr/bin/env node
// The zeitkonto operator command. Runs the compiled CLI (npm install builds it into dist/).
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const cli = new URL('../dist/cli/index.js', import.meta.url);
if (!existsSync(fileURLToPath(cli))) {
  console.error('zeitkonto is not built yet: run `npm install` (or `npm run build`) in the repository first.');
  process.exit(1);
}
const { main } = await import(cli.href);
process.exitCode = await main(process.argv.slice(2));
