// Limits at the edge, read from the OpenAPI document: every string a request can carry (body, nested objects,
// path, query) has a maximum length, every integer a maximum, every array a maximum number of items, and every
// body object drops properties it does not declare (so no handler ever sees them).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { forEachDialect } from '../support/app.js';
import { bodySchema, loadOperations, SWEEP_CONFIG } from './support/robustness.js';

const types = (s: any): string[] => (Array.isArray(s.type) ? s.type : [s.type].filter(Boolean));

/** Problems of one schema and its children, as "where: what" lines. */
function limitProblems(s: any, where: string, out: string[]): string[] {
  if (!s || typeof s !== 'object') return out;
  const t = types(s);
  const bounded = Array.isArray(s.enum) || s.const !== undefined;
  if (t.includes('string') && s.maxLength === undefined && !bounded && s.format !== 'date')
    out.push(`${where}: string without maxLength`);
  if (
    (t.includes('integer') || t.includes('number')) &&
    s.maximum === undefined &&
    s.exclusiveMaximum === undefined &&
    !bounded
  )
    out.push(`${where}: number without maximum`);
  if (t.includes('array') && s.maxItems === undefined) out.push(`${where}: array without maxItems`);
  if (s.properties && s.additionalProperties === undefined) out.push(`${where}: object keeps undeclared properties`);
  for (const [k, v] of Object.entries<any>(s.properties ?? {})) limitProblems(v, `${where}.${k}`, out);
  if (s.items) limitProblems(s.items, `${where}[]`, out);
  for (const branch of [...(s.anyOf ?? []), ...(s.oneOf ?? [])]) limitProblems(branch, where, out);
  return out;
}

forEachDialect(
  'robustness: schema limits',
  (t) => {
    test('every request string has a maxLength, every number a maximum, every array a maxItems; bodies drop unknown properties', async () => {
      const problems: string[] = [];
      for (const o of await loadOperations(t())) {
        const at = `${o.method} ${o.template}`;
        for (const p of o.op.parameters ?? []) limitProblems(p.schema, `${at} ${p.in} ${p.name}`, problems);
        limitProblems(bodySchema(o), `${at} body`, problems);
      }
      assert.equal(problems.length, 0, `${problems.length} schema limits missing:\n${problems.join('\n')}`);
    });
  },
  SWEEP_CONFIG,
);
