#!/usr/bin/env node
// The zeitkonto operator command. Runs the compiled CLI (npm install builds it into dist/) on a supported Node:
// this one, or the Node that `npm install` fetched into .runtime/ when this one is too old (scripts/node-runtime.mjs),
// in a child process that gets every signal when it must run on another Node or with other Node flags.
import { existsSync } from 'node:fs';
import module from 'node:module';
import { fileURLToPath } from 'node:url';
import { PINNED, SUPPORTED_TEXT, findNode, isSupported, runOnSupportedNode } from '../scripts/node-runtime.mjs';

/**
 * `serve` runs with the memory limits its figures were measured under (docs/performance.md): a heap of 160 MB and
 * 16 MB semi-spaces, unless the Node options already set a heap limit. Given here, so that no wrapper script is needed;
 * the server then runs in a child process that gets every SIGTERM, SIGINT and SIGHUP.
 */
const MEMORY_FLAGS = ['--max-old-space-size=160', '--max-semi-space-size=16'];
const setsHeap = (flags) => /--max-old-space-size/.test(flags);
const addMemoryFlags =
  process.argv[2] === 'serve' && !setsHeap(process.execArgv.join(' ')) && !setsHeap(process.env.NODE_OPTIONS ?? '');

if (!isSupported() || addMemoryFlags) {
  const node = isSupported() ? process.execPath : findNode();
  if (node === null) {
    console.error(
      `zeitkonto needs ${SUPPORTED_TEXT}; this is Node ${process.version}. ` +
        `Run \`npm install\` in the package (it fetches Node ${PINNED[24]} from the npm registry into .runtime/) or install a supported Node.`,
    );
    process.exit(1);
  }
  runOnSupportedNode(node, [
    ...(addMemoryFlags ? MEMORY_FLAGS : []),
    ...process.execArgv,
    fileURLToPath(import.meta.url),
    ...process.argv.slice(2),
  ]);
} else {
  // V8's code cache of every module loaded (Node's compile cache, in the system's temporary folder): later starts
  // skip most parsing and compiling (start-up time, issue 20). NODE_COMPILE_CACHE=<dir> puts it elsewhere,
  // NODE_DISABLE_COMPILE_CACHE=1 turns it off; a cache that cannot be written is ignored.
  module.enableCompileCache?.();
  const cli = new URL('../dist/cli/index.js', import.meta.url);
  if (!existsSync(fileURLToPath(cli))) {
    console.error('zeitkonto is not built yet: run `npm install` (or `npm run build`) in the repository first.');
    process.exit(1);
  }
  const { main } = await import(cli.href);
  process.exitCode = await main(process.argv.slice(2));
}
