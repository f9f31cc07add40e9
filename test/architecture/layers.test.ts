// Which folder of src/ may import which (docs/architecture.md "Layers"), read from the import statements of every
// file: `import … from`, `export … from`, `import type`, side-effect imports and `import()`. Fails listing each
// import that breaks a rule, each service that builds SQL, and each import cycle (type-only ones included).
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';

/**
 * The layers, one line each: a file's layer is its folder under src/ (a top-level file is its own layer), and it may
 * import its own layer and the layers named here. `values` is the bottom: plain values that import nothing of ours.
 */
const MAY_IMPORT: Record<string, readonly string[]> = {
  values: [],
  'config.ts': [],
  db: ['values', 'config.ts'],
  tenancy: ['db', 'values'],
  access: ['db', 'tenancy', 'values'],
  booking: ['db', 'tenancy', 'values'],
  http: ['db', 'access', 'tenancy', 'values', 'types.ts'],
  'plugins/write-path': ['plugins', 'db', 'http', 'access', 'tenancy', 'values'],
  plugins: ['plugins/write-path', 'db', 'http', 'access', 'tenancy', 'values', 'config.ts', 'types.ts'],
  modules: ['plugins', 'plugins/write-path', 'booking', 'db', 'http', 'access', 'tenancy', 'values', 'types.ts'],
  'types.ts': ['modules', 'plugins', 'plugins/write-path', 'db', 'access', 'tenancy', 'config.ts'],
  demo: ['modules', 'plugins', 'booking', 'db', 'http', 'tenancy', 'values'],
  generate: ['modules', 'db', 'tenancy', 'values'],
  import: ['db', 'tenancy', 'values'],
  'app.ts': [
    'demo',
    'modules',
    'plugins',
    'plugins/write-path',
    'db',
    'http',
    'access',
    'tenancy',
    'values',
    'config.ts',
    'types.ts',
  ],
  'server.ts': ['app.ts', 'plugins/write-path', 'db', 'config.ts'],
  cli: [
    'server.ts',
    'demo',
    'generate',
    'import',
    'modules',
    'booking',
    'db',
    'access',
    'tenancy',
    'values',
    'config.ts',
  ],
};

/** Imports a folder rule does not allow, each with its reason. */
const EXCEPTIONS: readonly { from: RegExp; to: RegExp; why: string }[] = [];

/** Rules on kinds of file, wherever they are. */
const FILE_RULES: readonly { files: RegExp; mayNotImport: RegExp; what: string }[] = [
  { files: /\.repository\.ts$/, mayNotImport: /^(http|plugins)\//, what: 'a repository imports no HTTP and no plugin' },
];

/** A service holds rules; the SQL they need is in its module's repository. */
const SERVICES = /\.service\.ts$/;
const BUILDS_SQL = /\.(selectFrom|insertInto|updateTable|deleteFrom)\(|\bsql`|^import (?!type )[^;]*from 'kysely'/m;

const src = path.resolve(import.meta.dirname, '../../src');

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) return sourceFiles(p);
    return e.name.endsWith('.ts') ? [path.relative(src, p).split(path.sep).join('/')] : [];
  });
}

const IMPORT = /^[ \t]*(?:import|export)\s+(?:type\s+)?(?:[^'";]*?\s+from\s+)?'([^']+)'|\bimport\(\s*'([^']+)'\s*\)/gm;

/** The files of src/ a file imports (paths relative to src/, .ts). */
function importsOf(file: string, text: string): string[] {
  const out: string[] = [];
  for (const m of text.matchAll(IMPORT)) {
    const spec = m[1] ?? m[2];
    if (!spec.startsWith('.')) continue;
    const target = path.posix.normalize(path.posix.join(path.posix.dirname(file), spec)).replace(/\.js$/, '.ts');
    out.push(fs.existsSync(path.join(src, target)) ? target : `${target.replace(/\.ts$/, '')}/index.ts`);
  }
  return out;
}

function layerOf(file: string): string {
  const parts = file.split('/');
  if (parts.length === 1) return file;
  if (parts[0] === 'plugins' && parts[1] === 'write-path') return 'plugins/write-path';
  return parts[0];
}

const files = sourceFiles(src);
const texts = new Map(files.map((f) => [f, fs.readFileSync(path.join(src, f), 'utf8')]));
const graph = new Map(files.map((f) => [f, importsOf(f, texts.get(f)!)]));

test('the rule table names every layer of src/', () => {
  const unknown = [...new Set(files.map(layerOf))].filter((l) => !(l in MAY_IMPORT));
  assert.deepEqual(unknown, [], `layers without a rule in MAY_IMPORT: ${unknown.join(', ')}`);
});

test('every relative import names a file of src/', () => {
  const missing = [...graph].flatMap(([file, targets]) =>
    targets.filter((t) => !texts.has(t)).map((t) => `${file} -> ${t}`),
  );
  assert.deepEqual(missing, []);
});

test('each folder imports only the folders its rule allows', () => {
  const violations: string[] = [];
  for (const [file, targets] of graph) {
    const from = layerOf(file);
    for (const target of targets) {
      const to = layerOf(target);
      if (to === from || MAY_IMPORT[from]?.includes(to)) continue;
      if (EXCEPTIONS.some((e) => e.from.test(file) && e.to.test(target))) continue;
      violations.push(`${file} -> ${target} (${from} may import ${MAY_IMPORT[from]?.join(', ') || 'nothing of ours'})`);
    }
  }
  assert.deepEqual(
    violations,
    [],
    `imports across layers that the table in this test does not allow:\n${violations.join('\n')}`,
  );
});

test('repositories import neither http/ nor plugins/', () => {
  const violations: string[] = [];
  for (const [file, targets] of graph) {
    for (const rule of FILE_RULES) {
      if (!rule.files.test(file)) continue;
      for (const target of targets)
        if (rule.mayNotImport.test(target)) violations.push(`${file} -> ${target}: ${rule.what}`);
    }
  }
  assert.deepEqual(violations, [], violations.join('\n'));
});

test('services build no SQL', () => {
  const building = files.filter((f) => SERVICES.test(f) && BUILDS_SQL.test(texts.get(f)!));
  assert.deepEqual(
    building,
    [],
    `services that build SQL (move the query into the module's repository):\n${building.join('\n')}`,
  );
});

test('no import cycles, type-only imports included', () => {
  // Tarjan's strongly connected components: every component of more than one file (or a file importing itself) is a cycle.
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const cycles: string[][] = [];
  let next = 0;
  const visit = (v: string) => {
    index.set(v, next);
    low.set(v, next++);
    stack.push(v);
    onStack.add(v);
    for (const w of graph.get(v) ?? []) {
      if (!graph.has(w)) continue;
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, index.get(w)!));
    }
    if (low.get(v) !== index.get(v)) return;
    const component: string[] = [];
    let w: string;
    do {
      w = stack.pop()!;
      onStack.delete(w);
      component.push(w);
    } while (w !== v);
    if (component.length > 1 || graph.get(v)!.includes(v)) cycles.push(component.sort());
  };
  for (const f of files) if (!index.has(f)) visit(f);
  assert.deepEqual(
    cycles,
    [],
    `files that import each other (directly or around a cycle):\n${cycles.map((c) => c.join(' <-> ')).join('\n')}`,
  );
});
