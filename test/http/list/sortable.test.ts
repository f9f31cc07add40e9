// The sortable set is derived from the writable schema (http/list/sortable.ts): the key, every writable
// field, created, modified. Nulls sort last ascending and first descending; ties by the key.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { forEachDialect, type Client } from '../../support/app.js';
import { bookingWorld } from '../../support/booking-world.js';
import { absenceWorld } from '../../support/absences.js';
import { createInvoice } from '../../support/commercial.js';
import { createEmployee } from '../../support/people.js';
import { seedCustomer } from '../../support/seed.js';
import { absenceListSpec } from '../../../src/modules/absences/absences.repository.js';
import { deviceListSpec } from '../../../src/modules/devices/devices.repository.js';
import { employeeListSpec } from '../../../src/modules/employees/employees.repository.js';
import { webhookListSpec } from '../../../src/modules/webhooks/webhooks.repository.js';
import { invoiceItemListSpec } from '../../../src/modules/invoices/invoice-items.repository.js';
import {
  bodySchema,
  collectionOf,
  loadOperations,
  seedWorld,
  SWEEP_CONFIG,
} from '../../contract/support/robustness.js';

/** Keys of the list sorted by `field` in both directions. */
async function sortedKeys(c: Client, path: string, field: string, key: string) {
  const sep = path.includes('?') ? '&' : '?';
  const get = async (order: string) => {
    const r = await c.get(`${path}${sep}orderBy=${field}&order=${order}&limit=200`);
    assert.equal(r.status, 200, `${path} orderBy=${field}: ${r.text}`);
    return r.body.data.map((x: any) => String(x[key]));
  };
  return { asc: await get('asc'), desc: await get('desc') };
}

forEachDialect('sortable fields', (t) => {
  test('employees sort by every writable field the audit found ignored (birthdate, city, salutation, rights, employment, phone, abbreviation)', async () => {
    const c = await t().tenant();
    const a = await createEmployee(c, {
      birthdate: '1990-05-01',
      city: 'Berlin',
      salutation: 'Frau',
      rights: 2,
      employment: 0,
      phone: '300',
      abbreviation: 'CC',
    });
    const b = await createEmployee(c, {
      birthdate: '1980-01-01',
      city: 'Aachen',
      salutation: 'Herr',
      rights: 0,
      employment: 2,
      phone: '100',
      abbreviation: 'AA',
    });
    const n = await createEmployee(c, { rights: 1, employment: 1 }); // no birthdate, city, phone, abbreviation, salutation
    const [A, B, N] = [a.username, b.username, n.username];
    const expected: Record<string, string[]> = {
      birthdate: [B, A, N],
      city: [B, A, N],
      phone: [B, A, N],
      abbreviation: [B, A, N],
      salutation: [A, B, N],
      rights: [B, N, A],
      employment: [A, N, B],
    };
    for (const [field, asc] of Object.entries(expected)) {
      const got = await sortedKeys(c, '/employees', field, 'username');
      assert.deepEqual(got.asc, asc, `${field} asc`);
      // Descending: nulls first, then the values reversed.
      const nulls = asc.filter(
        (u) => u === N && ['birthdate', 'city', 'phone', 'abbreviation', 'salutation'].includes(field),
      );
      assert.deepEqual(got.desc, [...nulls, ...asc.filter((u) => !nulls.includes(u)).reverse()], `${field} desc`);
    }
  });

  test('absence reasons sort by their flags; ties by the key', async () => {
    const c = await t().tenant();
    for (const [name, approve, self] of [
      ['b', 1, 0],
      ['a', 0, 1],
      ['c', 1, 1],
    ] as const) {
      const r = await c.post('/absence-reasons', { name, approve, allow_self_entry: self, color: '#ff0000', type: 0 });
      assert.equal(r.status, 201, r.text);
    }
    assert.deepEqual((await sortedKeys(c, '/absence-reasons', 'approve', 'name')).asc, ['a', 'b', 'c']);
    assert.deepEqual((await sortedKeys(c, '/absence-reasons', 'approve', 'name')).desc, ['b', 'c', 'a']);
    assert.deepEqual((await sortedKeys(c, '/absence-reasons', 'allow_self_entry', 'name')).asc, ['b', 'a', 'c']);
  });

  test('attendances sort by is_travel; customers by the deprecated status (0 inactive before 1 active)', async () => {
    const w = await bookingWorld(t());
    const travel = await w.book({ is_travel: true, from: '13:00', to: '14:00' });
    const office = await w.book();
    assert.equal(travel.status, 201, travel.text);
    assert.equal(office.status, 201, office.text);
    const got = await sortedKeys(w.c, '/attendances', 'is_travel', 'id');
    assert.deepEqual(got.asc, [String(office.body.data.id), String(travel.body.data.id)]);
    assert.deepEqual(got.desc, [String(travel.body.data.id), String(office.body.data.id)]);

    const c = await t().tenant();
    await seedCustomer(t().database.db, c.tenant.id, { customer_number: 'A', inactive: false });
    await seedCustomer(t().database.db, c.tenant.id, { customer_number: 'B', inactive: true });
    assert.deepEqual((await sortedKeys(c, '/customers', 'status', 'customer_number')).asc, ['B', 'A']);
    assert.deepEqual((await sortedKeys(c, '/customers', 'status', 'customer_number')).desc, ['A', 'B']);
  });

  test('absences sort by their derived type and planned, and by the fields their leave application holds', async () => {
    const w = await absenceWorld(t());
    const ids = async (field: string) => {
      const got = await sortedKeys(w.c, '/absences', field, 'id');
      return { asc: got.asc.map(Number), desc: got.desc.map(Number) };
    };
    const hourly = await w.absence({ start_date: '2026-03-09', type: 2, hours: 2 });
    const full = await w.absence({ start_date: '2026-03-10' });
    const half = await w.absence({ start_date: '2026-03-11', half_day_from: true });
    const planned = await w.absence({ start_date: '2026-03-12', planned: true });
    const requested = await w.absence({ start_date: '2026-03-13', absence_reason_id: 'UB' });
    const rejected = await w.absence({
      start_date: '2026-03-16',
      absence_reason_id: 'UB',
      approval_status: 'rejected',
      status_note: 'Busy',
    });
    const granted = await w.absence({
      start_date: '2026-03-17',
      absence_reason_id: 'UB',
      approval_status: 'approved',
      status_note: 'Fine',
    });
    // type: 0 full (full, planned, requested, rejected, granted by id), 1 half, 2 hourly.
    assert.deepEqual((await ids('type')).asc, [
      full.id,
      planned.id,
      requested.id,
      rejected.id,
      granted.id,
      half.id,
      hourly.id,
    ]);
    assert.deepEqual((await ids('type')).desc, [
      hourly.id,
      half.id,
      full.id,
      planned.id,
      requested.id,
      rejected.id,
      granted.id,
    ]);
    // planned: false before true.
    const others = [hourly, full, half, requested, rejected, granted].map((a) => a.id);
    assert.deepEqual((await ids('planned')).asc, [...others, planned.id]);
    assert.deepEqual((await ids('planned')).desc, [planned.id, ...others]);
    // approval_status: the application's status (0 requested, 1 approved, 2 rejected), absences without one last.
    const without = [hourly, full, half, planned].map((a) => a.id);
    assert.deepEqual((await ids('approval_status')).asc, [requested.id, granted.id, rejected.id, ...without]);
    assert.deepEqual(
      (await ids('status_note')).asc,
      [rejected.id, granted.id, ...without, requested.id],
      'Busy, Fine, then nulls by id',
    );
  });

  test('invoice items sort by invoice_number (the number of their invoice), items without an invoice last', async () => {
    const w = await bookingWorld(t());
    const b = await createInvoice(w.c, { invoice_number: 'B-1' });
    const a = await createInvoice(w.c, { invoice_number: 'A-1' });
    const item = async (invoice_number?: string) =>
      (
        await w.c.post('/invoice-items', {
          project_id: w.projectId,
          description: 'x',
          ...(invoice_number ? { invoice_number } : {}),
        })
      ).body.data.id;
    const onB = await item(b.invoice_number);
    const loose = await item();
    const onA = await item(a.invoice_number);
    const got = await sortedKeys(w.c, '/invoice-items', 'invoice_number', 'id');
    assert.deepEqual(got.asc, [onA, onB, loose].map(String));
    assert.deepEqual(got.desc, [loose, onB, onA].map(String));
  });
});

/** The value a list row sorts by: an enumerated {id, name} object by its id. */
const sortValue = (v: unknown) => (v !== null && typeof v === 'object' && 'id' in v ? (v as { id: unknown }).id : v);
const comparable = (v: unknown) => v === null || typeof v === 'number' || typeof v === 'boolean';
const rank = (v: unknown) => (typeof v === 'boolean' ? Number(v) : (v as number));

/**
 * What a list sorted by `field` in both directions must show (docs/api/conventions.md "Sorting"): rows with equal
 * values keep one order (the key ascending) in both directions, which a dropped orderBy (the key ascending, then
 * descending) cannot give; numbers and flags ascend and descend, nulls last ascending and first descending.
 */
function sortProblems(asc: any[], desc: any[], field: string): string[] {
  const problems: string[] = [];
  const at = (rows: any[]) => new Map(rows.map((r, i) => [JSON.stringify(r), i]));
  const id = at(desc);
  for (let i = 0; i < asc.length; i++)
    for (let j = i + 1; j < asc.length; j++) {
      const [a, b] = [sortValue(asc[i][field]), sortValue(asc[j][field])];
      if (JSON.stringify(a) !== JSON.stringify(b)) continue;
      const [x, y] = [JSON.stringify(asc[i]), JSON.stringify(asc[j])];
      if (!id.has(x) || !id.has(y) || id.get(x)! > id.get(y)!)
        problems.push(`tie on ${JSON.stringify(a)} not broken by the key in both directions`);
    }
  for (const [rows, dir] of [
    [asc, 1],
    [desc, -1],
  ] as const)
    for (let i = 1; i < rows.length; i++) {
      const [a, b] = [sortValue(rows[i - 1][field]), sortValue(rows[i][field])];
      if (!comparable(a) || !comparable(b) || a === b) continue;
      let wrong = dir === 1;
      if (a !== null) wrong = b === null ? dir === -1 : (rank(a) - rank(b)) * dir > 0;
      if (wrong) problems.push(`${dir === 1 ? 'asc' : 'desc'}: ${JSON.stringify(a)} before ${JSON.stringify(b)}`);
    }
  return [...new Set(problems)];
}

/**
 * The documented exclusions (each spec's `unsortable`, with its reason): written fields that sort by nothing. Only
 * write-only fields may be excluded (a password is never returned); a derived or elsewhere-stored field sorts by its
 * derivation (the sweep fails on any other exclusion).
 */
const UNSORTABLE: Record<string, Record<string, string> | undefined> = {
  '/absences': absenceListSpec.unsortable,
  '/devices': deviceListSpec.unsortable,
  '/employees': employeeListSpec.unsortable,
  '/invoice-items': invoiceItemListSpec.unsortable,
  '/webhooks': webhookListSpec.unsortable,
};

forEachDialect(
  'sortable fields: sweep',
  (t) => {
    test('every writable field of every list is honoured as orderBy (both directions, ties by the key, nulls last ascending)', async () => {
      const w = await seedWorld(t());
      const ops = await loadOperations(t());
      const failures: string[] = [];
      const writable = new Map<string, Set<string>>();
      for (const o of ops.filter((x) => x.method === 'POST' || x.method === 'PATCH')) {
        const collection = collectionOf(o.method === 'POST' ? o.template : o.template.replace(/\/\{[^}]+\}$/, ''));
        // Lists and free objects (translations, settings) have no order (sortable.ts); enumerated inputs and scalars do.
        const compound = (s: any) => [s.type].flat().some((x: string) => x === 'array' || x === 'object');
        const props = Object.entries<any>(bodySchema(o)?.properties ?? {}).filter(([, s]) => !compound(s));
        for (const [name] of props)
          (writable.get(collection) ?? writable.set(collection, new Set()).get(collection)!).add(name);
      }
      // A second record per collection, from a fresh baseline body (same enums and flags, new names): its fields tie with the first's.
      for (const o of ops.filter((x) => x.method === 'POST')) {
        const keys = w.keys(o.template);
        const body = keys && (await w.baseline(o.template).catch(() => undefined));
        if (keys && body) await w.c.post(w.fill(o.template, keys), body);
      }
      for (const [list, exclusions] of Object.entries(UNSORTABLE)) {
        for (const [field, why] of Object.entries(exclusions ?? {}))
          if (!why.startsWith('write-only'))
            failures.push(`${list}: ${field} is excluded from sorting (${why}); only write-only fields may be`);
      }
      let checked = 0;
      let derived = 0;
      for (const o of ops.filter(
        (x) => x.method === 'GET' && (x.op.parameters ?? []).some((p: any) => p.name === 'orderBy'),
      )) {
        const fields = writable.get(collectionOf(o.template));
        const keys = w.keys(o.template);
        if (!fields || !keys) continue;
        for (const field of [...fields, 'created', 'modified']) {
          const rows: Record<string, any[]> = {};
          for (const order of ['asc', 'desc']) {
            const r = await w.c.get(
              `${w.fill(o.template, keys)}?orderBy=${encodeURIComponent(field)}&order=${order}&limit=200`,
            );
            if (r.status !== 200)
              failures.push(`${o.template} orderBy=${field}&order=${order}: ${r.status} ${r.text.slice(0, 200)}`);
            rows[order] = r.body?.data ?? [];
          }
          if (rows.asc.length < 2 || Object.hasOwn(UNSORTABLE[o.template] ?? {}, field)) continue;
          if (!(field in rows.asc[0])) {
            if (field === 'created' || field === 'modified') continue; // records without timestamps
            // A written field the list does not show (legacy aliases, derived flags): the seeded records tie on it,
            // so an honoured orderBy keeps the key order both ways; an ignored one reverses it for desc.
            derived++;
            const [asc, desc] = [rows.asc.map((r) => JSON.stringify(r)), rows.desc.map((r) => JSON.stringify(r))];
            if (
              JSON.stringify(asc) !== JSON.stringify(desc) &&
              JSON.stringify(asc) === JSON.stringify([...desc].reverse())
            ) {
              failures.push(`${o.template} orderBy=${field}: desc is asc reversed, as when orderBy is ignored`);
            }
            continue;
          }
          checked++;
          for (const p of sortProblems(rows.asc, rows.desc, field))
            failures.push(`${o.template} orderBy=${field}: ${p}`);
        }
      }
      assert.deepEqual(failures, []);
      assert.ok(checked > 100, `only ${checked} (list, field) pairs had two rows to compare`);
      assert.ok(derived > 5, `only ${derived} written fields the lists do not show were tried`);
    });
  },
  SWEEP_CONFIG,
);
