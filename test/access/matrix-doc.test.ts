// docs/api/permissions.md shows the matrix the server enforces; every module is an area of it (and the further areas
// a module declares for some of its routes, `areas`).
import assert from 'node:assert/strict';
import fs from 'node:fs';
import { test } from 'node:test';
import { matrixTable } from '../../src/access/matrix-table.js';
import { MATRIX } from '../../src/access/matrix.js';
import '../../src/modules/index.js';

test('docs/api/permissions.md shows exactly the matrix of src/access/matrix.ts', () => {
  const doc = fs.readFileSync(new URL('../../docs/api/permissions.md', import.meta.url), 'utf8');
  const shown = /<!-- matrix:start -->\n([\s\S]*?)\n<!-- matrix:end -->/.exec(doc)?.[1];
  assert.equal(shown, matrixTable(), 'run `npm run docs:permissions` to write the table of the modules’ grants');
});

test('every registered module is an area of the matrix, and every area is a module or one a module declares', async () => {
  const registry = fs.readFileSync(new URL('../../src/modules/index.ts', import.meta.url), 'utf8');
  const folders = [...registry.matchAll(/from '\.\/([\w-]+)\/index\.js'/g)].map((m) => m[1]);
  const declared: string[] = [];
  for (const folder of folders) {
    const module = (await import(`../../src/modules/${folder}/index.js`)) as { areas?: Record<string, unknown> };
    declared.push(...Object.keys(module.areas ?? {}));
  }
  assert.deepEqual(Object.keys(MATRIX).sort(), [...folders, ...declared].sort());
});
