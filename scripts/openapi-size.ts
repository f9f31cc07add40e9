// Where the bytes of the OpenAPI document are ("OpenAPI size"). Prints a byte breakdown of the served
// compact JSON: by top-level part, by part of an operation, by key name (each byte counted once, at the key that
// owns it), $ref targets, and the most repeated subtrees and strings with what their repetition costs.
//
//   node --import tsx scripts/openapi-size.ts                      # the served /openapi/full.json
//   node --import tsx scripts/openapi-size.ts clock|full-3.0       # /openapi/clock.json, /openapi/full-3.0.json
//   node --import tsx scripts/openapi-size.ts some.json            # a saved document
//   … --json                                                       # the figures as JSON (to compare two runs)
//
// Figures in docs/performance-archive.md ("Issue 20 — OpenAPI size, third pass").
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

type Json = unknown;
const bytes = (v: Json) => Buffer.byteLength(JSON.stringify(v));
const METHODS = ['get', 'post', 'put', 'patch', 'delete', 'head', 'options', 'trace'];

/** The document as the server serves it (in-memory SQLite, host localhost:80). */
async function served(which: string): Promise<string> {
  const { buildApp } = await import('../src/app.js');
  const { loadConfig } = await import('../src/config.js');
  const { openDatabase } = await import('../src/db/connection.js');
  const { migrate } = await import('../src/db/migrate.js');
  const config = loadConfig({ LOG_LEVEL: 'silent', DATABASE_URL: 'file::memory:' });
  const database = openDatabase(config.database);
  await migrate(database.db, database.dialect);
  const app = await buildApp(config, { database, logger: false });
  try {
    return (await app.inject({ method: 'GET', url: `/openapi/${which}.json`, headers: { host: 'localhost:80' } })).body;
  } finally {
    await app.close();
  }
}

export interface Breakdown {
  total: number;
  operations: number;
  paths: number;
  parts: Record<string, number>;
  components: Record<string, { bytes: number; entries: number }>;
  operationParts: Record<string, number>;
  /** Bytes owned by each key: `"key":`, the comma, and the value when it is a scalar (brackets when not). */
  keys: Record<string, { bytes: number; count: number }>;
  refs: { count: number; bytes: number; byTarget: Record<string, { count: number; bytes: number }> };
  repeatedSubtrees: { json: string; size: number; count: number; cost: number }[];
  repeatedStrings: { text: string; size: number; count: number; cost: number }[];
  /**
   * A lower bound for the paths: each operation must list its own answers and parameters (OpenAPI has no shared
   * set of responses), so the paths can shrink at most to their size with every components/responses and
   * components/parameters name one character long.
   */
  pathsFloor: number;
  /** The named schemas with every description, example and title left out: what their properties and constraints take at least. */
  schemasFloor: number;
}

export function breakdown(doc: any, top = 25): Breakdown {
  const total = bytes(doc);
  const parts: Record<string, number> = {};
  for (const [k, v] of Object.entries<Json>(doc)) parts[k] = bytes(v);
  const components: Breakdown['components'] = {};
  for (const [k, v] of Object.entries<any>(doc.components ?? {}))
    components[k] = { bytes: bytes(v), entries: Object.keys(v).length };

  let operations = 0;
  const operationParts: Record<string, number> = {};
  for (const item of Object.values<any>(doc.paths ?? {})) {
    for (const [m, op] of Object.entries<any>(item)) {
      if (!METHODS.includes(m)) {
        operationParts[`(path item) ${m}`] =
          (operationParts[`(path item) ${m}`] ?? 0) + bytes(op) + Buffer.byteLength(m) + 4;
        continue;
      }
      operations++;
      for (const [k, v] of Object.entries<Json>(op))
        operationParts[k] = (operationParts[k] ?? 0) + bytes(v) + Buffer.byteLength(k) + 4;
    }
  }

  // Self bytes per key: summed over all keys (plus the root's braces) they give the total.
  const keys: Breakdown['keys'] = {};
  const refs: Breakdown['refs'] = { count: 0, bytes: 0, byTarget: {} };
  const subtrees = new Map<string, number>();
  const strings = new Map<string, number>();
  const walk = (node: Json): void => {
    if (Array.isArray(node)) return node.forEach(walk);
    if (typeof node === 'string') strings.set(node, (strings.get(node) ?? 0) + 1);
    if (!node || typeof node !== 'object') return;
    const json = JSON.stringify(node);
    if (json.length >= 40) subtrees.set(json, (subtrees.get(json) ?? 0) + 1);
    const entries = Object.entries<Json>(node);
    for (const [k, v] of entries) {
      // An object's or array's own bytes are its brackets and, for an array, the commas between items.
      let valueBytes: number;
      if (!v || typeof v !== 'object') valueBytes = bytes(v);
      else valueBytes = Array.isArray(v) ? Math.max(0, v.length - 1) + 2 : 2;
      const own = Buffer.byteLength(JSON.stringify(k)) + 2 + valueBytes;
      const slot = (keys[k] ??= { bytes: 0, count: 0 });
      slot.bytes += own;
      slot.count++;
      if (k === '$ref' && typeof v === 'string') {
        refs.count++;
        refs.bytes += bytes(node);
        const target = v.split('/').slice(0, 3).join('/');
        const t = (refs.byTarget[target] ??= { count: 0, bytes: 0 });
        t.count++;
        t.bytes += bytes(node);
      }
      walk(v);
    }
  };
  walk(doc);
  const repeatedSubtrees = [...subtrees]
    .filter(([, n]) => n > 1)
    .map(([json, count]) => ({
      json,
      size: Buffer.byteLength(json),
      count,
      cost: Buffer.byteLength(json) * (count - 1),
    }))
    .sort((a, b) => b.cost - a.cost)
    .slice(0, top);
  const repeatedStrings = [...strings]
    .filter(([s, n]) => n > 1 && s.length >= 12)
    .map(([text, count]) => ({ text, size: bytes(text), count, cost: bytes(text) * (count - 1) }))
    .sort((a, b) => b.cost - a.cost)
    .slice(0, top);
  const pathsFloor = Buffer.byteLength(
    JSON.stringify(doc.paths ?? {}).replace(/"#\/components\/(responses|parameters)\/[^"]+"/g, '"#/components/$1/x"'),
  );
  // Annotations out, property names (a property may be called `description`) kept.
  const ANNOTATIONS = ['description', 'examples', 'example', 'title'];
  const bareMap = (map: Json): Json => Object.fromEntries(Object.entries(map as object).map(([k, v]) => [k, bare(v)]));
  const bare = (node: Json): Json => {
    if (Array.isArray(node)) return node.map(bare);
    if (!node || typeof node !== 'object') return node;
    return Object.fromEntries(
      Object.entries(node)
        .filter(([k]) => !ANNOTATIONS.includes(k))
        .map(([k, v]) => [k, ['properties', 'patternProperties', '$defs'].includes(k) ? bareMap(v) : bare(v)]),
    );
  };
  const schemasFloor = bytes(bareMap(doc.components?.schemas ?? {}));
  return {
    total,
    operations,
    paths: Object.keys(doc.paths ?? {}).length,
    parts,
    components,
    operationParts,
    keys,
    refs,
    repeatedSubtrees,
    repeatedStrings,
    pathsFloor,
    schemasFloor,
  };
}

const kb = (n: number) => `${n.toLocaleString('en')} B`.padStart(12);
const pct = (n: number, of: number) => `${((n / of) * 100).toFixed(1)} %`.padStart(7);
const cut = (s: string, n = 110) => (s.length > n ? `${s.slice(0, n - 1)}…` : s);

export function report(b: Breakdown, top = 25): string {
  const lines: string[] = [];
  const row = (name: string, n: number, extra = '') => lines.push(`${kb(n)} ${pct(n, b.total)}  ${name}${extra}`);
  lines.push(
    `total ${b.total.toLocaleString('en')} bytes, ${b.operations} operations on ${b.paths} paths (${Math.round(b.total / b.operations)} bytes per operation)`,
    '',
    'Top-level parts:',
  );
  for (const [k, v] of Object.entries(b.parts).sort((x, y) => y[1] - x[1])) row(k, v);
  lines.push('', 'components:');
  for (const [k, v] of Object.entries(b.components).sort((x, y) => y[1].bytes - x[1].bytes))
    row(k, v.bytes, ` (${v.entries} entries)`);
  lines.push('', 'Operations (paths), by part:');
  for (const [k, v] of Object.entries(b.operationParts).sort((x, y) => y[1] - x[1])) row(k, v);
  lines.push('', `Key names (self bytes: key, punctuation, scalar value), top ${top}:`);
  for (const [k, v] of Object.entries(b.keys)
    .sort((x, y) => y[1].bytes - x[1].bytes)
    .slice(0, top))
    row(k, v.bytes, ` ×${v.count}`);
  lines.push(
    '',
    `$ref objects: ${b.refs.count}, ${b.refs.bytes.toLocaleString('en')} bytes (the {"$ref":…} objects themselves)`,
  );
  for (const [k, v] of Object.entries(b.refs.byTarget).sort((x, y) => y[1].bytes - x[1].bytes))
    row(k, v.bytes, ` ×${v.count}`);
  lines.push(
    '',
    'Most repeated subtrees (cost = size × (count − 1); nested repeats are counted in each enclosing one):',
  );
  for (const s of b.repeatedSubtrees.slice(0, top)) row(`${s.size} B ×${s.count}  ${cut(s.json)}`, s.cost);
  lines.push('', 'Most repeated strings (≥ 12 characters):');
  for (const s of b.repeatedStrings.slice(0, top))
    row(`${s.size} B ×${s.count}  ${cut(JSON.stringify(s.text))}`, s.cost);
  lines.push(
    '',
    `Floor: the paths with every response and parameter component named by one character: ${b.pathsFloor.toLocaleString('en')} bytes`,
    `(${(b.parts.paths ?? 0) - b.pathsFloor} bytes less than today); 256,000 - that = ${(256_000 - b.pathsFloor).toLocaleString('en')} bytes left for components (today ${(b.parts.components ?? 0).toLocaleString('en')}), tags and info.`,
    `The named schemas without any description, example or title (their properties and constraints): ${b.schemasFloor.toLocaleString('en')} bytes.`,
    `Both floors together: ${(b.pathsFloor + b.schemasFloor).toLocaleString('en')} bytes, against 256,000.`,
  );
  return lines.join('\n');
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const args = process.argv.slice(2);
  const asJson = args.includes('--json');
  const source = args.find((a) => a !== '--json') ?? 'full';
  const text = /\.json$/.test(source) ? fs.readFileSync(source, 'utf8') : await served(source);
  const b = breakdown(JSON.parse(text));
  if (Buffer.byteLength(text) !== b.total)
    process.stdout.write(`note: the file is ${Buffer.byteLength(text)} bytes, ${b.total} as compact JSON\n`);
  process.stdout.write(asJson ? `${JSON.stringify(b, null, 1)}\n` : `${report(b)}\n`);
}
