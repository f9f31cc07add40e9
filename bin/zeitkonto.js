#!/usr/bin/env node
// The zeitkonto operator command. Runs the compiled CLI (npm install builds it into dist/) on a supported Node:
// this one, or the Node that `npm install` fetched into .runtime/ when this one is too old (scripts/node-runtime.mjs).
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { PINNED, SUPPORTED_TEXT, findNode, isSupported, runOnSupportedNode } from '../scripts/node-runtime.mjs';

if (!isSupported()) {
  const node = findNode();
  if (node === null) {
    console.error(
      `zeitkonto needs ${SUPPORTED_TEXT}; this is Node ${process.version}. ` +
        `Run \`npm install\` in the package (it fetches Node ${PINNED[24]} from the npm registry into .runtime/) or install a supported Node.`,
    );
    process.exit(1);
  }
  runOnSupportedNode(node, [...process.execArgv, fileURLToPath(import.meta.url), ...process.argv.slice(2)]);
} else {
  const cli = new URL('../dist/cli/index.js', import.meta.url);
  if (!existsSync(fileURLToPath(cli))) {
    console.error('zeitkonto is not built yet: run `npm install` (or `npm run build`) in the repository first.');
    process.exit(1);
  }
  const { main } = await import(cli.href);
  process.exitCode = await main(process.argv.slice(2));
}
