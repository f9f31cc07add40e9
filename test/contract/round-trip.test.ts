// Issue 12 §10: a record read with GET and sent back whole with PUT (one field changed) is accepted by every
// resource with a PATCH route, and a GET afterwards shows exactly that change. Read-only fields are ignored,
// enumerated {id, name} objects and midnight date-times are taken as input.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { forEachDialect } from '../support/app.js';
import { bodySchema, loadOperations, seedWorld, SWEEP_CONFIG } from './support/robustness.js';

/** Fields that change by themselves on every write. */
const VOLATILE = new Set(['modified', 'history_modified', 'updated_at']);

/** A writable string field to change, and its new value (a free-text field that no rule constrains). */
function fieldToChange(schema: any, record: Record<string, unknown>, keys: Record<string, string>): [string, string] | undefined {
  const preferred = ['note', 'description', 'comment', 'comments', 'name', 'subject'];
  const props = schema?.properties ?? {};
  const isText = (s: any) => (s.type === 'string' || (Array.isArray(s.type) && s.type.includes('string'))) && !s.format && !s.pattern && !s.enum;
  const isKey = (k: string) => Object.values(keys).includes(String(record[k]));
  const candidates = Object.keys(props).filter((k) => isText(props[k]) && k in record && !k.endsWith('_id') && k !== 'id' && !isKey(k));
  const field = preferred.find((p) => candidates.includes(p)) ?? candidates[0];
  // As long as the field's minLength asks (a webhook secret needs 16 characters).
  return field ? [field, `rt-${Math.random().toString(36).slice(2, 8)}`.padEnd(props[field].minLength ?? 0, 'x')] : undefined;
}

forEachDialect(
  'round trip',
  (t) => {
    test('GET -> change one field -> PUT the whole record -> GET shows exactly that change, for every resource with PATCH', async () => {
      const w = await seedWorld(t());
      const failures: string[] = [];
      for (const o of (await loadOperations(t())).filter((x) => x.method === 'PATCH')) {
        const keys = w.keys(o.template);
        if (!keys) {
          failures.push(`${o.template}: no record to read`);
          continue;
        }
        const path = w.fill(o.template, keys);
        const before = await w.c.get(path);
        if (before.status !== 200) continue; // PATCH-only routes (release, settings) have no GET of their own
        const change = fieldToChange(bodySchema(o), before.body.data, keys);
        if (!change) continue;
        const [field, value] = change;
        const sent = { ...before.body.data, [field]: value };
        // The one exception the contract makes: a booking's date is sent as a plain YYYY-MM-DD.
        if (o.template === '/attendances/{id}') sent.date = String(sent.date).slice(0, 10);
        const put = await w.c.put(path, sent);
        if (put.status !== 200) {
          failures.push(`PUT ${o.template} (${field}): ${put.status} ${put.text.slice(0, 300)}`);
          continue;
        }
        const got = (await w.c.get(path)).body.data;
        const diff = Object.keys({ ...before.body.data, ...got }).filter((k) => !VOLATILE.has(k) && JSON.stringify(before.body.data[k]) !== JSON.stringify(got[k]));
        if (JSON.stringify(diff) !== JSON.stringify([field])) failures.push(`PUT ${o.template} changed ${JSON.stringify(diff)} instead of ["${field}"]`);
        if (got[field] !== value) failures.push(`PUT ${o.template}: ${field} is ${JSON.stringify(got[field])}, sent ${value}`);
      }
      assert.deepEqual(failures, []);
    });
  },
  SWEEP_CONFIG,
);
