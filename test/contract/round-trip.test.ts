// A record read with GET and sent back whole with PUT (one field changed) is accepted by every
// resource with a PATCH route, and a GET afterwards shows exactly that change. Read-only fields are ignored,
// enumerated {id, name} objects and midnight date-times are taken as input.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { forEachDialect } from '../support/app.js';
import { bodySchema, loadOperations, seedWorld, SWEEP_CONFIG } from './support/robustness.js';
import { LABELS, type LabelSetName } from '../../src/values/labels.js';
import { LABELS_KEYWORD } from '../../src/http/schemas.js';
import { STATES, valueAt } from './support/states.js';

/** Fields that change by themselves on every write. */
const VOLATILE = new Set(['modified', 'history_modified', 'updated_at']);

/** A writable string field to change, and its new value (a free-text field that no rule constrains). */
function fieldToChange(
  schema: any,
  record: Record<string, unknown>,
  keys: Record<string, string>,
): [string, string] | undefined {
  const preferred = ['note', 'description', 'comment', 'comments', 'name', 'subject'];
  const props = schema?.properties ?? {};
  const isText = (s: any) =>
    (s.type === 'string' || (Array.isArray(s.type) && s.type.includes('string'))) && !s.format && !s.pattern && !s.enum;
  const isKey = (k: string) => Object.values(keys).includes(String(record[k]));
  const candidates = Object.keys(props).filter(
    (k) => isText(props[k]) && k in record && !k.endsWith('_id') && k !== 'id' && !isKey(k),
  );
  const field = preferred.find((p) => candidates.includes(p)) ?? candidates[0];
  // As long as the field's minLength asks (a webhook secret needs 16 characters).
  return field
    ? [field, `rt-${Math.random().toString(36).slice(2, 8)}`.padEnd(props[field].minLength ?? 0, 'x')]
    : undefined;
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
        const diff = Object.keys({ ...before.body.data, ...got }).filter(
          (k) => !VOLATILE.has(k) && JSON.stringify(before.body.data[k]) !== JSON.stringify(got[k]),
        );
        if (JSON.stringify(diff) !== JSON.stringify([field]))
          failures.push(`PUT ${o.template} changed ${JSON.stringify(diff)} instead of ["${field}"]`);
        if (got[field] !== value)
          failures.push(`PUT ${o.template}: ${field} is ${JSON.stringify(got[field])}, sent ${value}`);
      }
      assert.deepEqual(failures, []);
    });
  },
  SWEEP_CONFIG,
);

/** The body a client sends back: the record as read (a booking's date as the plain YYYY-MM-DD the contract requires). */
function sentBack(template: string, record: Record<string, unknown>): Record<string, unknown> {
  return template === '/attendances/{id}' ? { ...record, date: String(record.date).slice(0, 10) } : { ...record };
}

forEachDialect(
  'round trip of every state',
  (t) => {
    test('a record in any state, sent back as GET returned it (PUT and PATCH), changes nothing — not even modified or its ETag', async () => {
      const w = await seedWorld(t());
      const failures: string[] = [];
      const patchable = (await loadOperations(t())).filter((x) => x.method === 'PATCH');
      for (const template of Object.keys(STATES))
        if (!patchable.some((o) => o.template === template))
          failures.push(`states.ts names ${template}, which has no PATCH`);
      let tried = 0;
      for (const o of patchable) {
        const keys = w.keys(o.template);
        const records: [string, string][] = keys ? [['as seeded', w.fill(o.template, keys)]] : [];
        for (const state of STATES[o.template]?.states ?? []) records.push([state.name, await state.make(w)]);
        const seen: Record<string, unknown>[] = [];
        for (const [state, path] of records) {
          const before = await w.c.get(path);
          if (before.status !== 200) {
            if (state !== 'as seeded') failures.push(`GET ${o.template} (${state}): ${before.status}`);
            continue; // PATCH-only routes (release, settings) have no GET of their own
          }
          seen.push(before.body.data);
          for (const method of ['PUT', 'PATCH']) {
            tried++;
            const r = await w.c.request(method, path, sentBack(o.template, before.body.data));
            if (r.status !== 200)
              failures.push(`${method} ${o.template} (${state}) unchanged: ${r.status} ${r.text.slice(0, 300)}`);
            const reread = await w.c.get(path);
            const after = reread.body.data;
            const diff = Object.keys({ ...before.body.data, ...after }).filter(
              (k) => JSON.stringify(before.body.data[k]) !== JSON.stringify(after[k]),
            );
            if (diff.length > 0)
              failures.push(
                `${method} ${o.template} (${state}) unchanged changed ${diff.map((k) => `${k}: ${JSON.stringify(before.body.data[k])} -> ${JSON.stringify(after[k])}`).join(', ')}`,
              );
            // Nothing changed, so nothing is recorded: the ETag (the record's place in the change feed) stays.
            if (
              reread.headers.etag !== before.headers.etag ||
              (r.status === 200 && r.headers.etag !== before.headers.etag)
            ) {
              failures.push(
                `${method} ${o.template} (${state}) unchanged moved the ETag: ${before.headers.etag} -> ${r.headers.etag} / ${reread.headers.etag}`,
              );
            }
          }
        }
        for (const [field, values] of Object.entries(STATES[o.template]?.covers ?? {})) {
          const shown = new Set(seen.map((r) => JSON.stringify(valueAt(r, field))));
          const missing = values.filter((v) => !shown.has(JSON.stringify(v)));
          if (missing.length > 0)
            failures.push(
              `${o.template}: no state shows ${field} = ${missing.map((v) => JSON.stringify(v)).join(', ')}`,
            );
        }
      }
      assert.deepEqual(failures, []);
      console.log(`round trip of every state: ${tried} unchanged writes`);
    });
  },
  SWEEP_CONFIG,
);

forEachDialect('round trip: what is a change', (t) => {
  test('a value sent as read is no change; one that differs from the read value in any part is, free-form objects included', async () => {
    const c = await t().tenant();
    const device = (
      await c.post('/devices', { name: 'Terminal', status: 1, display_config: { theme: 'dark', clock: true } })
    ).body.data;
    const path = `/devices/${device.id}`;
    const etag = async () => (await c.get(path)).headers.etag;
    const before = await etag();
    const same = await c.put(path, { ...device });
    assert.deepEqual([same.status, same.headers.etag, await etag()], [200, before, before], 'nothing recorded');
    // A key left out of a free-form object is a change: the object is replaced.
    const fewer = await c.patch(path, { display_config: { theme: 'dark' } });
    assert.deepEqual([fewer.status, fewer.body.data.display_config], [200, { theme: 'dark' }], fewer.text);
    const more = await c.patch(path, { display_config: { theme: 'dark', lang: 'de' } });
    assert.deepEqual(more.body.data.display_config, { theme: 'dark', lang: 'de' });
    // The read number sent as text, the read status sent as a name: the same values, no change.
    const after = await etag();
    assert.notEqual(after, before);
    const status = await c.patch(path, { status: '1', display_config: { lang: 'de', theme: 'dark' } });
    assert.deepEqual([status.status, status.headers.etag, await etag()], [200, after, after]);
  });
});

/** The properties of a schema (and of its list items, one level down) that declare a label set, by path. */
function labelledFields(schema: any): [field: string, set: LabelSetName, allows: (id: string) => boolean][] {
  const out: [string, LabelSetName, (id: string) => boolean][] = [];
  for (const [name, s] of Object.entries<any>(schema?.properties ?? {})) {
    const variant = [s, ...(s.anyOf ?? []), ...(s.oneOf ?? [])].find((v) => v?.[LABELS_KEYWORD]);
    if (!variant) continue;
    // Some fields take part of a set (an assignment's rate type stops at 2).
    const allows = (id: string) =>
      (!variant.enum || variant.enum.map(String).includes(id)) &&
      !(Number(id) > variant.maximum) &&
      !(Number(id) < variant.minimum);
    out.push([name, variant[LABELS_KEYWORD], allows]);
  }
  return out;
}

forEachDialect(
  'enumerations by name',
  (t) => {
    test('every enumerated field of every PATCH body takes the name of a value, in German and in English', async () => {
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
            const ids = Object.keys(LABELS[set]).filter(
              (id) => allows(id) && JSON.stringify(id) !== current && String(id) !== current,
            );
            const id = ids[language === 'de' ? 0 : ids.length - 1];
            const name = (LABELS[set] as any)[id][language];
            const r = await w.c.patch(path, { [field]: name });
            // Where the record takes no change of the field at all (an offer item of a type without it), the name cannot either.
            if (
              r.status !== 200 &&
              (await w.c.patch(path, { [field]: /^[0-9]+$/.test(id) ? Number(id) : id })).status !== 200
            )
              continue;
            checked++;
            if (r.status !== 200) {
              failures.push(
                `PATCH ${o.template} ${field}: ${JSON.stringify(name)} → ${r.status} ${r.text.slice(0, 200)}`,
              );
              continue;
            }
            const got = (await w.c.get(path)).body.data[field];
            if (String(got?.id ?? got) !== String(id))
              failures.push(
                `PATCH ${o.template} ${field}: ${JSON.stringify(name)} stored ${JSON.stringify(got)}, expected id ${id}`,
              );
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
