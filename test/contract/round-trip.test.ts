// Issue 12 §10: a record read with GET and sent back whole with PUT (one field changed) is accepted by every
// resource with a PATCH route, and a GET afterwards shows exactly that change. Read-only fields are ignored,
// enumerated {id, name} objects and midnight date-times are taken as input.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { forEachDialect } from '../support/app.js';
import { bodySchema, loadOperations, seedWorld, SWEEP_CONFIG } from './support/robustness.js';
import { LABELS, LABELS_KEYWORD, type LabelSetName } from '../../src/http/labels.js';

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

/** The properties of a schema (and of its list items, one level down) that declare a label set, by path. */
function labelledFields(schema: any): [field: string, set: LabelSetName, allows: (id: string) => boolean][] {
  const out: [string, LabelSetName, (id: string) => boolean][] = [];
  for (const [name, s] of Object.entries<any>(schema?.properties ?? {})) {
    const variant = [s, ...(s.anyOf ?? []), ...(s.oneOf ?? [])].find((v) => v?.[LABELS_KEYWORD]);
    if (!variant) continue;
    // Some fields take part of a set (an assignment's rate type stops at 2).
    const allows = (id: string) =>
      (!variant.enum || variant.enum.map(String).includes(id)) && !(Number(id) > variant.maximum) && !(Number(id) < variant.minimum);
    out.push([name, variant[LABELS_KEYWORD], allows]);
  }
  return out;
}

forEachDialect(
  'enumerations by name',
  (t) => {
    test('every enumerated field of every PATCH body takes the name of a value, in German and in English (issue 12 §10)', async () => {
      const w = await seedWorld(t());
      const failures: string[] = [];
      let checked = 0;
      for (const o of (await loadOperations(t())).filter((x) => x.method === 'PATCH')) {
        const keys = w.keys(o.template);
        if (!keys) continue;
        const path = w.fill(o.template, keys);
        for (const [field, set, allows] of labelledFields(bodySchema(o))) {
          const before = await w.c.get(path);
          if (before.status !== 200 || !(field in before.body.data)) continue;
          const current = JSON.stringify(before.body.data[field]?.id ?? before.body.data[field]);
          // Another value than the current one, so the change is visible; its name in each language.
          for (const language of ['de', 'en'] as const) {
            const ids = Object.keys(LABELS[set]).filter((id) => allows(id) && JSON.stringify(id) !== current && String(id) !== current);
            const id = ids[language === 'de' ? 0 : ids.length - 1];
            const name = (LABELS[set] as any)[id][language];
            const r = await w.c.patch(path, { [field]: name });
            // Where the record takes no change of the field at all (an offer item of a type without it), the name cannot either.
            if (r.status !== 200 && (await w.c.patch(path, { [field]: /^[0-9]+$/.test(id) ? Number(id) : id })).status !== 200) continue;
            checked++;
            if (r.status !== 200) {
              failures.push(`PATCH ${o.template} ${field}: ${JSON.stringify(name)} → ${r.status} ${r.text.slice(0, 200)}`);
              continue;
            }
            const got = (await w.c.get(path)).body.data[field];
            if (String(got?.id ?? got) !== String(id)) failures.push(`PATCH ${o.template} ${field}: ${JSON.stringify(name)} stored ${JSON.stringify(got)}, expected id ${id}`);
          }
        }
      }
      assert.deepEqual(failures, []);
      assert.ok(checked >= 20, `only ${checked} enumerated fields were tried`);
      console.log(`enumerations by name: ${checked} PATCHes`);
    });
  },
  SWEEP_CONFIG,
);
