// A state change racing the writes that depend on it (docs/api/commercial.md "Billing and correction", booking.md
// "Closed months and state changes"): billing an invoice against its items, bookings and receipts; closing a month,
// ending an employment and setting an approval date against bookings; the invoice number counter against explicit
// numbers. Each round fires the state change
// and the dependent writes at once; a write that answered 2xx but committed after the state change is a violation.
// Commit order is the change feed's (cursor order is commit order, docs/api/integration.md): a write's own cursor is
// the ETag its response carries, a delete's is its tombstone. ZK_RACE_ROUNDS sets the rounds (default 10).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { forEachDialect, type Client, type Response } from '../support/app.js';
import { bookingWorld } from '../support/booking-world.js';
import { createCustomer } from '../support/commercial.js';

const ROUNDS = Number(process.env.ZK_RACE_ROUNDS ?? 10);

/** The cursor of the change a write recorded (its ETag), or undefined when it wrote nothing. */
const cursorOf = (r: Response): number | undefined => {
  const tag = r.headers.etag;
  return r.status < 300 && typeof tag === 'string' ? Number(tag.replace(/\D/g, '')) : undefined;
};

/** Tombstone cursors of the given type after `since`, by key. */
async function tombstones(c: Client, type: string, since = 0): Promise<Map<string, number>> {
  const out = new Map<string, number>();
  for (let cursor = since; ;) {
    const r = await c.get(`/changes?since=${cursor}&types[]=${encodeURIComponent(type)}&limit=1000`);
    assert.equal(r.status, 200, r.text);
    for (const e of r.body.data) if (e.op === 'delete') out.set(e.key, Number(e.cursor));
    if (r.body.next_cursor === String(cursor) || r.body.data.length === 0) return out;
    cursor = Number(r.body.next_cursor);
  }
}

const ok = (r: Response, what: string) => assert.ok(r.status < 300, `${what}: ${r.status} ${r.text}`);

interface Outcome {
  /** The state change's cursor. */
  at: number;
  /** Writes that answered 2xx and committed after it (what they were, for the message). */
  late: string[];
}

/** Writes that answered 2xx after the state change: by their ETag, deletes by their tombstone. */
async function lateWrites(
  c: Client,
  at: number,
  writes: { what: string; res: Response; deleted?: { type: string; key: string } }[],
): Promise<string[]> {
  const late: string[] = [];
  for (const w of writes) {
    if (w.res.status >= 300) continue;
    const cursor = w.deleted ? (await tombstones(c, w.deleted.type, at)).get(w.deleted.key) : cursorOf(w.res);
    if (cursor !== undefined && cursor > at) late.push(`${w.what} (${w.res.status})`);
  }
  return late;
}

function report(name: string, outcomes: Outcome[]) {
  const rounds = outcomes.filter((o) => o.late.length > 0);
  const writes = outcomes.reduce((n, o) => n + o.late.length, 0);
  assert.equal(
    writes,
    0,
    `${name}: ${writes} late writes in ${rounds.length} of ${outcomes.length} rounds: ${rounds.map((o) => o.late.join(', ')).join(' | ')}`,
  );
}

async function draftInvoice(c: Client, customer: string) {
  const r = await c.post('/invoices', { customer_number: customer });
  ok(r, 'invoice');
  return r.body.data as { id: number; invoice_number: string };
}

async function invoiceItem(c: Client, body: Record<string, unknown>) {
  const r = await c.post('/invoice-items', { quantity: 1, vat: 19, ...body });
  ok(r, 'item');
  return r.body.data as { id: number };
}

const bill = (c: Client, invoice: { invoice_number: string }) =>
  c.patch(`/invoices/${invoice.invoice_number}`, { status: 0 });

/** A weekday of 2025 for round r, slot s (distinct per round and slot, so bookings never overlap). */
const day = (r: number, s = 0) => {
  let d = new Date(Date.UTC(2025, 0, 6) + (r * 7 + s) * 86_400_000);
  while (d.getUTCDay() === 0 || d.getUTCDay() === 6) d = new Date(d.getTime() + 86_400_000);
  return d.toISOString().slice(0, 10);
};

forEachDialect('state changes racing the writes that depend on them', (t) => {
  test(`billing an invoice against creates, changes, moves and deletes of its items (${ROUNDS} rounds)`, async () => {
    const c = await t().tenant();
    const customer = await createCustomer(c);
    const outcomes: Outcome[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      const invoice = await draftInvoice(c, customer);
      const other = await draftInvoice(c, customer);
      const changed = await invoiceItem(c, { invoice_id: invoice.id, unit_price: 10 });
      const deleted = await invoiceItem(c, { invoice_id: invoice.id, unit_price: 20 });
      const leaving = await invoiceItem(c, { invoice_id: invoice.id, unit_price: 40 });
      const arriving = await invoiceItem(c, { invoice_id: other.id, unit_price: 80 });
      const [billed, ...writes] = await Promise.all([
        bill(c, invoice),
        c.post('/invoice-items', { invoice_id: invoice.id, quantity: 1, unit_price: 160, vat: 19 }),
        c.patch(`/invoice-items/${changed.id}`, { unit_price: 11, status: 1 }),
        c.delete(`/invoice-items/${deleted.id}`),
        c.patch(`/invoice-items/${leaving.id}`, { invoice_id: other.id }),
        c.patch(`/invoice-items/${arriving.id}`, { invoice_id: invoice.id }),
      ]);
      assert.equal(billed.status, 200, billed.text);
      const at = cursorOf(billed)!;
      const [created, patched, removed, left, arrived] = writes;
      const late = await lateWrites(c, at, [
        { what: 'create', res: created },
        { what: 'update', res: patched },
        { what: 'delete', res: removed, deleted: { type: 'invoice-items', key: String(deleted.id) } },
        { what: 'move away', res: left },
        { what: 'move in', res: arrived },
      ]);
      // What a client reads afterwards: every item of the Billed invoice is Billed, and its amount is theirs.
      const items = (await c.get(`/invoices/${invoice.invoice_number}/items?limit=200`)).body.data;
      const stored = (await c.get(`/invoices/${invoice.invoice_number}`)).body.data;
      for (const i of items)
        if (i.status.id !== 2) late.push(`item ${i.id} of the billed invoice reads status ${i.status.id}`);
      const sum = items.reduce((n: number, i: { gross_amount: number }) => n + Math.round(i.gross_amount * 100), 0);
      if (Math.round(Number(stored.amount) * 100) !== sum)
        late.push(`amount ${stored.amount} is not the sum of its items (${(sum / 100).toFixed(2)})`);
      outcomes.push({ at, late });
    }
    report('billing vs items', outcomes);
  });

  test(`billing an invoice against changes, links and deletes of the bookings it bills (${ROUNDS} rounds)`, async () => {
    const w = await bookingWorld(t());
    const customer = await createCustomer(w.c);
    const outcomes: Outcome[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      const invoice = await draftInvoice(w.c, customer);
      const item = await invoiceItem(w.c, { invoice_id: invoice.id, project_id: w.projectId, unit_price: 100 });
      const changed = await w.book({ date: day(round, 0), invoice_item_id: item.id });
      const removed = await w.book({ date: day(round, 1), invoice_item_id: item.id });
      ok(changed, 'booking');
      ok(removed, 'booking');
      const [billed, patch, del, linked] = await Promise.all([
        bill(w.c, invoice),
        w.c.patch(`/attendances/${changed.body.data.id}`, { note: `raced ${round}` }),
        w.c.delete(`/attendances/${removed.body.data.id}`),
        w.book({ date: day(round, 2), invoice_item_id: item.id }),
      ]);
      assert.equal(billed.status, 200, billed.text);
      const at = cursorOf(billed)!;
      outcomes.push({
        at,
        late: await lateWrites(w.c, at, [
          { what: 'update', res: patch },
          { what: 'delete', res: del, deleted: { type: 'attendances', key: String(removed.body.data.id) } },
          { what: 'create', res: linked },
        ]),
      });
    }
    report('billing vs bookings', outcomes);
  });

  test(`billing an invoice against changes, links and deletes of the receipts it bills (${ROUNDS} rounds)`, async () => {
    const w = await bookingWorld(t());
    const customer = await createCustomer(w.c);
    assert.equal(
      (await w.c.post('/receipt-types', { name: 'Hotel', tax_rates: [19], default_payment_method: 'privat' })).status,
      201,
    );
    const receipt = (extra: Record<string, unknown>) =>
      w.c.post('/receipts', {
        employee_id: w.employee,
        date: '2026-03-10',
        receipt_type_id: 'Hotel',
        project_id: w.projectId,
        currency: 'EUR',
        is_amount_net: false,
        receiptAmounts: [{ tax: 19, quantity: 1, amount: 10 }],
        ...extra,
      });
    const outcomes: Outcome[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      const invoice = await draftInvoice(w.c, customer);
      const item = await invoiceItem(w.c, { invoice_id: invoice.id, project_id: w.projectId, unit_price: 100 });
      const changed = await receipt({ invoice_item_id: item.id });
      const removed = await receipt({ invoice_item_id: item.id });
      const unlinked = await receipt({});
      ok(changed, 'receipt');
      ok(removed, 'receipt');
      const [billed, patch, del, link, created] = await Promise.all([
        bill(w.c, invoice),
        w.c.patch(`/receipts/${changed.body.data.id}`, { note: `raced ${round}`, billing_status: 2 }),
        w.c.delete(`/receipts/${removed.body.data.id}`),
        w.c.patch(`/receipts/${unlinked.body.data.id}`, { invoice_item_id: item.id }),
        receipt({ invoice_item_id: item.id }),
      ]);
      assert.equal(billed.status, 200, billed.text);
      const at = cursorOf(billed)!;
      const late = await lateWrites(w.c, at, [
        { what: 'update', res: patch },
        { what: 'delete', res: del, deleted: { type: 'receipts', key: String(removed.body.data.id) } },
        { what: 'link', res: link },
        { what: 'create', res: created },
      ]);
      outcomes.push({ at, late });
    }
    report('billing vs receipts', outcomes);
  });

  test(`closing a month against creates, changes and deletes of bookings and receipts in it (${ROUNDS} rounds)`, async () => {
    const w = await bookingWorld(t());
    assert.equal(
      (await w.c.post('/receipt-types', { name: 'Taxi', tax_rates: [], default_payment_method: 'privat' })).status,
      201,
    );
    const outcomes: Outcome[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      const month = `${2021 + Math.floor(round / 12)}-${String((round % 12) + 1).padStart(2, '0')}`;
      const date = (d: number) => {
        let x = new Date(`${month}-0${d}T00:00:00Z`);
        while (x.getUTCDay() === 0 || x.getUTCDay() === 6) x = new Date(x.getTime() + 86_400_000);
        return x.toISOString().slice(0, 10);
      };
      const changed = await w.book({ date: date(1) });
      const removed = await w.book({ date: date(1), from: '13:00', to: '14:00' });
      ok(changed, 'booking');
      ok(removed, 'booking');
      const [closed, created, patch, del, receipt] = await Promise.all([
        w.c.post('/month-closings', round % 2 ? { month } : { month, employee_id: w.employee }),
        w.book({ date: date(5) }),
        w.c.patch(`/attendances/${changed.body.data.id}`, { note: `raced ${round}` }),
        w.c.delete(`/attendances/${removed.body.data.id}`),
        w.c.post('/receipts', {
          employee_id: w.employee,
          date: date(6),
          receipt_type_id: 'Taxi',
          project_id: w.projectId,
          currency: 'EUR',
          is_amount_net: false,
          receiptAmounts: [{ tax: 19, quantity: 1, amount: 10 }],
        }),
      ]);
      assert.equal(closed.status, 201, closed.text);
      const at = cursorOf(closed)!;
      outcomes.push({
        at,
        late: await lateWrites(w.c, at, [
          { what: 'create', res: created },
          { what: 'update', res: patch },
          { what: 'delete', res: del, deleted: { type: 'attendances', key: String(removed.body.data.id) } },
          { what: 'receipt', res: receipt },
        ]),
      });
    }
    report('closing a month vs bookings and receipts', outcomes);
  });

  test(`ending an employment and setting an approval date against bookings after that day (${ROUNDS} rounds each)`, async () => {
    const w = await bookingWorld(t());
    const outcomes: Outcome[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      const employee = await w.addEmployee();
      const period = (await w.c.get(`/employees/${employee}/employment-periods`)).body.data[0];
      const [ended, created] = await Promise.all([
        w.c.patch(`/employees/${employee}/employment-periods/${period.id}`, { end_date: '2024-12-31' }),
        w.book({ employee_id: employee, date: day(round) }),
      ]);
      assert.equal(ended.status, 200, ended.text);
      const at = cursorOf(ended)!;
      outcomes.push({
        at,
        late: await lateWrites(w.c, at, [{ what: 'booking after the employment ended', res: created }]),
      });

      const approver = await w.addEmployee();
      const before = await w.book({ employee_id: approver, date: day(round, 0) });
      const doomed = await w.book({ employee_id: approver, date: day(round, 0), from: '13:00', to: '14:00' });
      ok(before, 'booking');
      ok(doomed, 'booking');
      const [approved, booked, changed, deleted] = await Promise.all([
        w.c.patch(`/employees/${approver}`, { approval_date: '2025-12-31' }),
        w.book({ employee_id: approver, date: day(round, 1) }),
        w.c.patch(`/attendances/${before.body.data.id}`, { note: 'raced' }),
        w.c.delete(`/attendances/${doomed.body.data.id}`),
      ]);
      assert.equal(approved.status, 200, approved.text);
      const approvedAt = cursorOf(approved)!;
      outcomes.push({
        at: approvedAt,
        late: await lateWrites(w.c, approvedAt, [
          { what: 'booking before the approval date', res: booked },
          { what: 'change before the approval date', res: changed },
          {
            what: 'delete before the approval date',
            res: deleted,
            deleted: { type: 'attendances', key: String(doomed.body.data.id) },
          },
        ]),
      });
    }
    report('employment end and approval date vs bookings', outcomes);
  });

  test(`POST /invoices without a number never answers "already taken" while others name the next numbers (${ROUNDS} rounds)`, async () => {
    const c = await t().tenant();
    const customer = await createCustomer(c);
    const outcomes: Outcome[] = [];
    let next = 1;
    for (let round = 0; round < ROUNDS; round++) {
      const named = [0, 1, 2].map((k) =>
        c.post('/invoices', { customer_number: customer, invoice_number: String(next + k) }),
      );
      const omitted = Array.from({ length: 12 }, () => c.post('/invoices', { customer_number: customer }));
      const results = await Promise.all([...named, ...omitted]);
      const refused = results.slice(3).filter((r) => r.status !== 201);
      outcomes.push({ at: round, late: refused.map((r) => `${r.status} ${r.text}`) });
      next = Math.max(...results.filter((r) => r.status === 201).map((r) => Number(r.body.data.invoice_number))) + 1;
    }
    report('invoice number counter vs explicit numbers', outcomes);
  });
});
