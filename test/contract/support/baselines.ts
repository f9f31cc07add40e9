// A valid body for every POST of the API: the sweeps seed one record per resource with it and vary one property
// at a time on top of it. Most bodies are made from the route's own schema (its required properties, each with a
// fresh value of its type, enum, format or date pattern), so a new POST route needs nothing here. Only routes whose
// body must name other records, or whose values a schema cannot tell (a month, a currency, unique dates of optional
// fields), keep an explicit body below; when neither works the sweep fails and names the route (robustness.ts).
import type { World } from './robustness.js';

export type Baseline = (w: World) => Record<string, unknown> | Promise<Record<string, unknown>>;

let n = 0;
const next = () => ++n;
const unique = (prefix: string) => `${prefix}${process.pid % 1000}x${next()}`;
const pad = (x: number) => String(x).padStart(2, '0');
/** A distinct date per call (a new day each time, from 1901 on: never near the bookings of 2026). */
const uniqueDate = () => new Date(Date.UTC(1901, 0, 1) + next() * 86_400_000).toISOString().slice(0, 10);
/** A distinct weekday of 2025/2026 for bookings. */
function uniqueWorkday(): string {
  let d: Date;
  do d = new Date(Date.UTC(2025, 0, 1) + next() * 86_400_000);
  while (d.getUTCDay() === 0 || d.getUTCDay() === 6);
  return d.toISOString().slice(0, 10);
}
/** A distinct month (YYYY-MM) long ago, so closing it never blocks a booking. */
const uniqueMonth = () => {
  const i = next();
  return `${1950 + Math.floor(i / 12)}-${pad((i % 12) + 1)}`;
};
const rec = (w: World, collection: string) => w.records.get(collection);

async function newActivity(w: World): Promise<string> {
  const name = unique('a');
  await w.c.post('/activities', { name });
  return name;
}

async function newEmployee(w: World): Promise<string> {
  const username = unique('user.');
  await w.c.post('/employees', { username, firstname: 'Erika', lastname: 'Muster' });
  return username;
}

/** The world's record of a collection; a MissingRecord until it is made. */
const need = (w: World, collection: string) => {
  const record = rec(w, collection);
  if (!record) throw new MissingRecord(collection);
  return record;
};
const priceGroup = (w: World) => need(w, '/price-groups').name;
const priceTable = (w: World) => ({
  start_date: uniqueDate(),
  prices: [{ price_group: priceGroup(w), price: 10, type: 'basehour' }],
});

/** Thrown by a baseline that needs a record the world has not made yet: the seeding tries it again later. */
export class MissingRecord extends Error {}

/** Bodies a schema cannot produce: references to other records, and values only the contract knows. */
/** POSTs that make no record for the sweep's service token to seed: changing one's own password (it has none). */
export const NOT_SEEDED = new Set(['/sessions/password']);

/** Signing in: an employee with a password, made for this body. */
async function signIn(w: World) {
  const username = unique('user.');
  const password = 'robust-password-1';
  await w.c.post('/employees', { username, firstname: 'Erika', lastname: 'Muster', password });
  return { username, password };
}

export const EXPLICIT_BASELINES: Record<string, Baseline> = {
  '/sessions': signIn,
  '/customers': () => ({ customer_number: unique('C'), name: 'Robust customer', currency: 'EUR' }),
  '/customers/{customer}/price-tables': priceTable,
  '/employees/{username}/employment-periods': () => {
    const start = uniqueDate();
    return { start_date: start, end_date: start };
  },
  '/employees/{username}/regular-working-times': () => ({ start_date: uniqueDate(), monday: 8 }),
  '/location-lists': (w) => ({ name: unique('LL'), locations: [need(w, '/locations').id] }),
  '/month-closings': () => ({ month: uniqueMonth() }),
  '/price-tables': priceTable,
  '/projects/{id}/activities': async (w) => ({ name: await newActivity(w) }),
  '/projects/{id}/employees': async (w) => ({ employee_id: await newEmployee(w) }),
  '/projects/{id}/price-tables': priceTable,
  '/tickets': (w) => ({
    subject: 'Bug',
    status: 1,
    priority: 3,
    project_id: w.booking.projectId,
    project_task_id: w.booking.taskId,
    creator_username: w.booking.employee,
  }),
  '/tickets/{id}/attachments': () => ({ filename: 'note.txt', file_contents: Buffer.from('hello').toString('base64') }),
  '/invoices': (w) => ({ invoice_number: unique('INV'), customer_number: need(w, '/customers').customer_number }),
  '/invoices/{invoice_number}/correction': (w) => ({ creator_username: w.booking.employee }),
  '/invoices/{invoice_number}/attachments': () => ({
    filename: 'invoice.txt',
    file_contents: Buffer.from('invoice').toString('base64'),
  }),
  '/folders/{id}/documents': () => ({
    filename: 'folder.txt',
    file_contents: Buffer.from('folder').toString('base64'),
  }),
  '/offers/{id}/items': () => ({ type: 'Pauschal', quantity: 2, single_price: 10.5, vat: 19 }),
  '/tickets/{id}/subtasks': (w) => ({ subject: 'Sub', name: 'Sub', status: 1, creator_username: w.booking.employee }),
  '/vehicle-lists': () => ({ start_date: uniqueDate(), vehicles: [{ id: unique('CAR'), name: 'Car' }] }),
  '/attendances': (w) => w.booking.body({ date: uniqueWorkday() }),
  '/receipts': (w) => ({
    employee_id: w.booking.employee,
    date: uniqueWorkday(),
    receipt_type_id: need(w, '/receipt-types').name,
    project_id: w.booking.projectId,
    currency: 'EUR',
    payment_method: 'privat',
    is_amount_net: false,
    receiptAmounts: [{ tax: 19, quantity: 1, amount: 10 }],
  }),
  '/attendances/bulk': (w) => ({ items: [w.booking.body({ date: uniqueWorkday() })] }),
  '/webhooks': () => ({ url: 'https://example.com/hook', events: ['*'], active: false }), // inactive: no deliveries to a host the tests cannot reach
  '/plannings': (w) => ({
    employee_id: w.booking.employee,
    date: uniqueWorkday(),
    project_id: w.booking.projectId,
    planning: 4,
  }),
  '/plannings/range': (w) => {
    const date = uniqueWorkday();
    return { employee_id: w.booking.employee, date, date_to: date, project_id: w.booking.projectId, planning: 4 };
  },
  '/default-plannings': (w) => ({
    employee_id: w.booking.employee,
    project_id: w.booking.projectId,
    kind: 0,
    planning: 50,
    start_date: '2026-03-02',
    end_date: '2026-03-13',
  }),
  '/resource-plannings': (w) => ({
    employee_id: w.booking.employee,
    project_id: w.booking.projectId,
    start_date: '2026-03-02',
    end_date: '2026-03-13',
    unit: 'percent',
    value: 50,
  }),
  '/absences': (w) => ({
    employee_id: w.booking.employee,
    absence_reason_id: need(w, '/absence-reasons').name,
    start_date: uniqueWorkday(),
  }),
};

/** Records a PUT creates (a receipt's file): put once after the POSTs, so the GET routes that read them find one. */
export const SEEDING_PUTS: Record<string, () => Record<string, unknown>> = {
  '/receipts/{id}/attachments': () => ({
    filename: 'receipt.txt',
    file_contents: Buffer.from('hello').toString('base64'),
  }),
};

const typeOf = (s: any): string | undefined => [s?.type].flat().find((t: unknown) => t !== 'null');
const isDateLike = (s: any) =>
  s?.format === 'date' || (typeof s?.pattern === 'string' && s.pattern.includes('\\d{4}-\\d{2}-\\d{2}'));

/** A fresh valid value for a property schema: its example-free minimum (enum, date, e-mail, type). */
function sample(s: any): unknown {
  if (Array.isArray(s?.enum)) return s.enum.find((v: unknown) => v !== null);
  if (isDateLike(s)) return uniqueDate();
  switch (typeOf(s)) {
    case 'integer':
    case 'number':
      return Math.max(s.minimum ?? 1, s.exclusiveMinimum !== undefined ? s.exclusiveMinimum + 1 : 1);
    case 'boolean':
      return true;
    case 'array':
      return [];
    case 'object':
      return fromSchema(s);
    default: {
      if (s?.format === 'email') return `${unique('u')}@example.com`;
      const text = unique('g');
      return text.slice(0, Math.max(s?.maxLength ?? text.length, s?.minLength ?? 1));
    }
  }
}

/** A body with every required property of the schema filled in. */
export function fromSchema(schema: any): Record<string, unknown> {
  return Object.fromEntries((schema?.required ?? []).map((name: string) => [name, sample(schema.properties?.[name])]));
}

/** POSTs that answer with a record of another collection (an action creating it): where the sweep files it. */
export const RECORDED_AS: Record<string, string> = {
  '/webhooks/{id}/test': '/webhooks/{id}/deliveries',
};
