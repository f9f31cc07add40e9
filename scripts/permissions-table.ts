// `npm run docs:permissions`: writes the permission matrix (every module's `grants`) into docs/api/permissions.md,
// between its matrix markers; test/access/matrix-doc.test.ts fails while the two differ.
import fs from 'node:fs';
import '../src/modules/index.js';
import { matrixTable } from '../src/access/matrix-table.js';

const file = new URL('../docs/api/permissions.md', import.meta.url);
const doc = fs.readFileSync(file, 'utf8');
const next = doc.replace(
  /(<!-- matrix:start -->\n)[\s\S]*?(\n<!-- matrix:end -->)/,
  (_m, start: string, end: string) => `${start}${matrixTable()}${end}`,
);
fs.writeFileSync(file, next);
console.log(
  next === doc ? 'docs/api/permissions.md: the matrix is current' : 'docs/api/permissions.md: matrix written',
);
