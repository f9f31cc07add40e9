// Records in every state a resource can be in, for the round-trip sweep (round-trip.test.ts): pending, approved,
// rejected and revoked absences, half days and hourly ones; draft, billed, cancelled and corrected invoices;
// bookings released, billed, in a closed month, before the approval date, on a billed invoice; offers in each
// status; receipts in each billing status and locked ones; tickets in each status … Each state is made through the
// API on top of the sweep's world. `covers` names the fields whose every value the states must show: the sweep
// fails when a value is not exercised, so a new status needs a state here.
import type { World } from './robustness.js';

export interface State {
  name: string;
  /** Makes the record; returns its path (relative to the tenant's base URL). */
  make: (w: World) => Promise<string>;
}

export interface ResourceStates {
  states: State[];
  /** Fields (dotted paths into the read record) and every value the states together must show. */
  covers?: Record<string, unknown[]>;
}

let n = 0;
const next = () => ++n;
const unique = (prefix: string) => `${prefix}${process.pid % 1000}s${next()}`;
/** A distinct working day of 2024 per call (the world's employee is employed from 2020; other sweeps use 2025/26). */
function day(): string {
  let d: Date;
  do d = new Date(Date.UTC(2024, 0, 1) + next() * 86_400_000);
  while (d.getUTCDay() === 0 || d.getUTCDay() === 6);
  return d.toISOString().slice(0, 10);
}
/** A distinct month of 2023 (closing it for the world's employee touches nothing else of the sweep). */
let months = 0;
const month = () => `2023-${String(++months).padStart(2, '0')}`;
const firstWorkday = (m: string) => {
  const d = new Date(`${m}-01T00:00:00Z`);
  while (d.getUTCDay() === 0 || d.getUTCDay() === 6) d.setUTCDate(d.getUTCDate() + 1);
  return d.toISOString().slice(0, 10);
};

async function ok(r: Promise<{ status: number; text: string; body: any }>, what: string): Promise<any> {
  const res = await r;
  if (res.status >= 300) throw new Error(`states: ${what} answered ${res.status} ${res.text.slice(0, 300)}`);
  return res.body?.data;
}
const post = (w: World, path: string, body: unknown) => ok(w.c.post(path, body), `POST ${path}`);
const patch = (w: World, path: string, body: unknown) => ok(w.c.patch(path, body), `PATCH ${path}`);

// ---- absences --------------------------------------------------------------------------------------------------

/** A reason that asks for approval (1) or not (0), allowing half days and hours. */
const reasons = new WeakMap<World, Record<number, string>>();
async function reason(w: World, approve: 0 | 1): Promise<string> {
  const known = reasons.get(w) ?? {};
  if (!known[approve]) {
    known[approve] = unique('R');
    await post(w, '/absence-reasons', {
      name: known[approve],
      approve,
      allow_half_day_holiday: 1,
      allow_hours_of_vacation: 1,
      type: 0,
    });
    reasons.set(w, known);
  }
  return known[approve];
}
async function absence(w: World, over: Record<string, unknown> = {}, approve: 0 | 1 = 1): Promise<string> {
  const a = await post(w, '/absences', {
    employee_id: w.booking.employee,
    absence_reason_id: await reason(w, approve),
    start_date: day(),
    ...over,
  });
  return `/absences/${a.id}`;
}
const decided =
  (over: Record<string, unknown>, ...decisions: Record<string, unknown>[]) =>
  async (w: World) => {
    const path = await absence(w, over);
    for (const d of decisions) await patch(w, path, d);
    return path;
  };
/** Closes the month of `date` for the world's employee. */
const close = (w: World, date: string) =>
  post(w, '/month-closings', { month: date.slice(0, 7), employee_id: w.booking.employee });

// ---- bookings, invoices, items -----------------------------------------------------------------------------------

const book = async (w: World, over: Record<string, unknown> = {}) =>
  `/attendances/${(await post(w, '/attendances', w.booking.body({ date: day(), ...over }))).id}`;
async function invoice(w: World): Promise<string> {
  const customer = w.records.get('/customers').customer_number;
  return (await post(w, '/invoices', { invoice_number: unique('SINV'), customer_number: customer })).invoice_number;
}
const bill = (w: World, number: string) => patch(w, `/invoices/${encodeURIComponent(number)}`, { status: 0 });
async function item(w: World, over: Record<string, unknown> = {}): Promise<number> {
  return (
    await post(w, '/invoice-items', {
      project_id: w.booking.projectId,
      description: 'State item',
      quantity: 1,
      unit_price: 10,
      ...over,
    })
  ).id;
}

/** A record made by `make` (with extra body fields) on an item of a draft invoice, and on one of a billed invoice. */
const onInvoiceItem = (make: (w: World, over: Record<string, unknown>) => Promise<string>): State[] => [
  {
    name: 'on an item of a draft invoice',
    make: async (w) => make(w, { invoice_item_id: await item(w, { invoice_number: await invoice(w) }) }),
  },
  {
    name: 'on an item of a billed invoice',
    make: async (w) => {
      const number = await invoice(w);
      const path = await make(w, { invoice_item_id: await item(w, { invoice_number: number }) });
      await bill(w, number);
      return path;
    },
  },
];

/** A record made by `make` on a day of a month then closed for the world's employee. */
const inClosedMonth = (name: string, make: (w: World, date: string) => Promise<string>): State => ({
  name,
  make: async (w) => {
    const date = firstWorkday(month());
    const path = await make(w, date);
    await close(w, date);
    return path;
  },
});

// ---- the table ---------------------------------------------------------------------------------------------------

export const STATES: Record<string, ResourceStates> = {
  '/absences/{id}': {
    states: [
      { name: 'planned', make: (w) => absence(w, { planned: true }) },
      { name: 'approved without workflow', make: (w) => absence(w, {}, 0) },
      { name: 'requested (pending)', make: (w) => absence(w) },
      { name: 'approved (granted)', make: decided({}, { approved: true }) },
      { name: 'rejected', make: decided({}, { approval_status: 'rejected' }) },
      { name: 'revoked', make: decided({}, { approved: true }, { approved: false }) },
      { name: 'half day, pending', make: (w) => absence(w, { half_day_from: true }) },
      { name: 'hourly, pending', make: (w) => absence(w, { type: 2, from: '09:00', to: '11:30', hours: 2.5 }) },
      {
        name: 'several days with half first and last day, approved',
        make: async (w) => {
          const start = day();
          const end = new Date(Date.parse(start) + 2 * 86_400_000).toISOString().slice(0, 10);
          return absence(
            w,
            {
              start_date: start,
              end_date: end,
              half_day_from: true,
              half_day_to: true,
              note: 'Trip',
              timezone: 'Europe/Berlin',
            },
            0,
          );
        },
      },
      inClosedMonth('pending in a closed month', (w, date) => absence(w, { start_date: date })),
    ],
    covers: { approved: [false, true], 'leaveApprovalApplication.status.id': [null, 0, 1, 2, 3], type: [0, 1, 2] },
  },

  '/attendances/{id}': {
    states: [
      ...[1, 2, 3].map((release) => ({
        name: `project release ${release}`,
        make: async (w: World) => {
          const path = await book(w);
          await patch(w, `${path}/release`, { project_release: release });
          return path;
        },
      })),
      inClosedMonth('in a closed month', (w, date) => book(w, { date })),
      {
        name: 'on or before the approval date',
        make: async (w) => {
          const employee = await w.booking.addEmployee();
          const date = day();
          const path = await book(w, { employee_id: employee, date });
          await patch(w, `/employees/${employee}`, { approval_date: date });
          return path;
        },
      },
      ...onInvoiceItem(book),
      {
        name: 'travel with a direction',
        make: (w) =>
          book(w, {
            activity_id: 're',
            is_travel: true,
            km: 12,
            passengers: 1,
            direction_of_travel: 2,
            start: 'A',
            destination: 'B',
          }),
      },
    ],
    covers: { 'project_release.id': [0, 1, 2, 3] },
  },

  '/invoices/{invoice_number}': {
    states: [
      {
        name: 'draft with items and a document',
        make: async (w) => {
          const number = await invoice(w);
          await item(w, { invoice_number: number });
          await post(w, `/invoices/${encodeURIComponent(number)}/attachments`, {
            filename: 'doc.txt',
            file_contents: Buffer.from('doc').toString('base64'),
          });
          return `/invoices/${encodeURIComponent(number)}`;
        },
      },
      {
        name: 'billed',
        make: async (w) => {
          const number = await invoice(w);
          await item(w, { invoice_number: number });
          await bill(w, number);
          return `/invoices/${encodeURIComponent(number)}`;
        },
      },
      {
        name: 'cancelled',
        make: async (w) => {
          const number = await invoice(w);
          await patch(w, `/invoices/${encodeURIComponent(number)}`, { status: 2 });
          return `/invoices/${encodeURIComponent(number)}`;
        },
      },
      {
        name: 'billed and corrected',
        make: async (w) => {
          const number = await invoice(w);
          await bill(w, number);
          await post(w, `/invoices/${encodeURIComponent(number)}/correction`, {
            creator_username: w.booking.employee,
            correction_date: '2026-01-15',
          });
          return `/invoices/${encodeURIComponent(number)}`;
        },
      },
    ],
    covers: { 'status.id': [0, 1, 2] },
  },

  '/invoice-items/{id}': {
    states: [
      ...[0, 1, 2, 3].map((status) => ({
        name: `status ${status} without an invoice`,
        make: async (w: World) => `/invoice-items/${await item(w, { status })}`,
      })),
      {
        name: 'on a draft invoice',
        make: async (w) => `/invoice-items/${await item(w, { invoice_number: await invoice(w) })}`,
      },
      {
        name: 'on a billed invoice',
        make: async (w) => {
          const number = await invoice(w);
          const id = await item(w, { invoice_number: number });
          await bill(w, number);
          return `/invoice-items/${id}`;
        },
      },
    ],
    covers: { 'status.id': [0, 1, 2, 3] },
  },

  '/offers/{id}': {
    states: [1, 2, 3, 4, 5].map((status) => ({
      name: `status ${status}`,
      make: async (w: World) => {
        const offer = await post(w, '/offers', {
          title: 'State offer',
          customer_id: w.records.get('/customers').customer_number,
        });
        await post(w, `/offers/${offer.id}/items`, { type: 'pauschal', quantity: 1, single_price: 100, vat: 19 });
        if (status !== 1) await patch(w, `/offers/${offer.id}`, { status });
        return `/offers/${offer.id}`;
      },
    })),
    covers: { 'status.id': [1, 2, 3, 4, 5] },
  },

  '/offers/{id}/items/{item_id}': {
    states: [
      { type: 'gruppierung', body: { label: 'Heading' } },
      { type: 'artikel', body: { quantity: 2, single_price: 5, vat: 19 } },
      {
        type: 'aufwand',
        body: {
          quantity: 3,
          single_price: 95,
          vat: 19,
          expenditure_billing_type: 'tsatz',
          receipts_mileage_money: 1.5,
          additional_meal_expenses: 2,
        },
      },
      { type: 'pauschal', body: { quantity: 1, single_price: 100, vat: 7 } },
      { type: 'festpreis', body: { quantity: 1, single_price: 50, vat: 19, is_alternative: true } },
      { type: 'zuschlag_prozent', body: { quantity: 10, vat: 19 } },
    ].map(({ type, body }) => ({
      name: `type ${type}`,
      make: async (w: World) => {
        const offer = w.records.get('/offers').id;
        const extra = type === 'artikel' ? { article_id: w.records.get('/articles').id } : {};
        return `/offers/${offer}/items/${(await post(w, `/offers/${offer}/items`, { type, ...body, ...extra })).id}`;
      },
    })),
    covers: { 'type.id': ['gruppierung', 'artikel', 'aufwand', 'pauschal', 'festpreis', 'zuschlag_prozent'] },
  },

  '/receipts/{id}': {
    states: [
      ...[0, 1, 2, 3].map((billing_status) => ({
        name: `billing status ${billing_status}`,
        make: (w: World) => receipt(w, { billing_status }),
      })),
      {
        name: 'with a file',
        make: async (w) => {
          const path = await receipt(w);
          await ok(
            w.c.put(`${path}/attachments`, { filename: 'r.txt', file_contents: Buffer.from('r').toString('base64') }),
            'PUT receipt file',
          );
          return path;
        },
      },
      ...onInvoiceItem(receipt),
      inClosedMonth('in a closed month', (w, date) => receipt(w, { date })),
    ],
    covers: { 'billing_status.id': [0, 1, 2, 3] },
  },

  '/tickets/{id}': {
    states: [1, 2, 3, 4, 5, 8].map((status) => ({
      name: `status ${status}`,
      make: async (w: World) => {
        const t = await post(w, '/tickets', {
          subject: 'State',
          status: 1,
          priority: 3,
          project_id: w.booking.projectId,
          project_task_id: w.booking.taskId,
          creator_username: w.booking.employee,
        });
        if (status !== 1) await patch(w, `/tickets/${t.id}`, { status });
        return `/tickets/${t.id}`;
      },
    })),
    covers: { 'status.id': [1, 2, 3, 4, 5, 8] },
  },

  '/tickets/{id}/subtasks/{subtask_id}': {
    states: [1, 2, 3, 4, 5, 8].map((status) => ({
      name: `status ${status}`,
      make: async (w: World) => {
        const ticket = w.records.get('/tickets').id;
        const s = await post(w, `/tickets/${ticket}/subtasks`, {
          subject: 'Sub',
          name: 'Sub',
          status: 1,
          creator_username: w.booking.employee,
        });
        if (status !== 1) await patch(w, `/tickets/${ticket}/subtasks/${s.id}`, { status });
        return `/tickets/${ticket}/subtasks/${s.id}`;
      },
    })),
    covers: { 'status.id': [1, 2, 3, 4, 5, 8] },
  },

  '/customers/{customer}': {
    states: [true, false].map((inactive) => ({
      name: inactive ? 'inactive' : 'active',
      make: async (w: World) =>
        `/customers/${encodeURIComponent((await post(w, '/customers', { customer_number: unique('SC'), name: 'State', currency: 'EUR', inactive })).customer_number)}`,
    })),
    covers: { inactive: [false, true] },
  },

  '/projects/{id}': {
    states: ['aktiv', 'gesperrt'].map((status) => ({
      name: `status ${status}`,
      make: async (w: World) =>
        `/projects/${(await post(w, '/projects', { name: unique('SP'), project_status_id: status })).id}`,
    })),
    covers: { project_status_id: ['aktiv', 'gesperrt'] },
  },

  '/plannings/{id}': {
    states: [
      { name: 'percent of the day', body: { kind: 0, planning: 50 } },
      { name: 'hours', body: { kind: 1, planning: 4 } },
      { name: 'days', body: { kind: 2, planning: 1 } },
      { name: 'time range', body: { kind: 3, from: '09:00', to: '12:30' } },
      { name: 'a task', body: { kind: 1, planning: 2, type: 1, project_task_id: 'task' } },
      { name: 'a ticket', body: { kind: 1, planning: 2, type: 2, ticket_id: 'ticket' } },
      { name: 'a subtask', body: { kind: 1, planning: 2, type: 3, ticket_id: 'ticket', subtask_id: 'subtask' } },
      { name: 'on a weekend', body: { kind: 1, planning: 2, date: '2024-06-01' } },
    ].map(({ name, body }) => ({
      name,
      make: async (w: World) => {
        const refs: Record<string, unknown> = {
          task: w.booking.taskId,
          ticket: w.records.get('/tickets').id,
          subtask: w.records.get('/tickets/*/subtasks').id,
        };
        const resolved = Object.fromEntries(
          Object.entries(body).map(([k, v]) => [k, typeof v === 'string' && v in refs ? refs[v] : v]),
        );
        return `/plannings/${(await post(w, '/plannings', { employee_id: w.booking.employee, project_id: w.booking.projectId, date: day(), ...resolved })).id}`;
      },
    })),
    covers: { kind: [0, 1, 2, 3], type: [0, 1, 2, 3], working_day: [0, 1] },
  },

  '/default-plannings/{id}': {
    states: [0, 1, 2].map((kind) => ({
      name: `kind ${kind}`,
      make: async (w: World) =>
        `/default-plannings/${(await post(w, '/default-plannings', { employee_id: w.booking.employee, project_id: w.booking.projectId, kind, planning: kind === 0 ? 50 : 1, start_date: '2024-03-04', end_date: '2024-03-15' })).id}`,
    })),
    covers: { kind: [0, 1, 2] },
  },

  '/resource-plannings/{id}': {
    states: ['percent', 'hours_per_day'].map((unit) => ({
      name: unit,
      make: async (w: World) =>
        `/resource-plannings/${(await post(w, '/resource-plannings', { employee_id: w.booking.employee, project_id: w.booking.projectId, start_date: '2024-04-01', end_date: '2024-05-10', unit, value: unit === 'percent' ? 50 : 4 })).id}`,
    })),
    covers: { unit: ['percent', 'hours_per_day'] },
  },

  '/webhooks/{id}': {
    states: [
      // Active, for an event the sweep never causes (a deleted absence reason), at a host nothing delivers to.
      {
        name: 'active',
        make: async (w) =>
          `/webhooks/${(await post(w, '/webhooks', { url: 'https://example.com/state', events: ['absence-reason.deleted'], active: true })).id}`,
      },
    ],
    covers: { active: [false, true] },
  },

  '/articles/{id}': {
    states: [
      {
        name: 'inactive',
        make: async (w) =>
          `/articles/${(await post(w, '/articles', { article_number: unique('SA'), name: 'Old', inactive: true })).id}`,
      },
    ],
    covers: { inactive: [false, true] },
  },

  '/customers/{customer_number}/contacts/{id}': {
    states: [
      {
        name: 'inactive',
        make: async (w) => {
          const customer = w.records.get('/customers').customer_number;
          return `/customers/${encodeURIComponent(customer)}/contacts/${(await post(w, `/customers/${encodeURIComponent(customer)}/contacts`, { first_name: 'Ina', last_name: 'Aktiv', inactive: true })).id}`;
        },
      },
    ],
    covers: { inactive: [false, true] },
  },

  '/price-groups/{id}': {
    states: [
      {
        name: 'inactive',
        make: async (w) =>
          `/price-groups/${(await post(w, '/price-groups', { name: unique('SG'), status: false })).id}`,
      },
    ],
    covers: { status: [true, false] },
  },

  '/devices/{id}': {
    states: [0, 1].map((status) => ({
      name: `status ${status}`,
      make: async (w: World) => `/devices/${(await post(w, '/devices', { name: unique('SD'), status })).id}`,
    })),
    covers: { status: [0, 1] },
  },

  '/holiday-calendars/{calendar_id}/holidays/{id}': {
    states: [true, false].map((half_day) => ({
      name: half_day ? 'half day' : 'full day',
      make: async (w: World) => {
        const calendar = w.records.get('/holiday-calendars').id;
        return `/holiday-calendars/${calendar}/holidays/${(await post(w, `/holiday-calendars/${calendar}/holidays`, { date: day(), name: 'Feiertag', half_day })).id}`;
      },
    })),
    covers: { half_day: [false, true] },
  },

  '/project-statuses/{name}': {
    states: [true, false].map((bookable) => ({
      name: bookable ? 'bookable' : 'not bookable',
      make: async (w: World) =>
        `/project-statuses/${encodeURIComponent((await post(w, '/project-statuses', { name: unique('ST'), bookable })).name)}`,
    })),
    covers: { bookable: [false, true] },
  },

  '/employees/{username}': {
    states: [
      {
        name: 'with an approval date (its bookings locked)',
        make: async (w) => {
          const employee = await w.booking.addEmployee();
          await patch(w, `/employees/${employee}`, { approval_date: '2024-01-31' });
          return `/employees/${employee}`;
        },
      },
    ],
  },

  '/employees/{username}/employment-periods/{id}': {
    states: [
      {
        name: 'open-ended',
        make: async (w) => {
          const employee = await w.booking.addEmployee({ periods: [] });
          return `/employees/${employee}/employment-periods/${(await post(w, `/employees/${employee}/employment-periods`, { start_date: '2021-01-01', annual_leave_entitlement: 30 })).id}`;
        },
      },
    ],
  },
};

async function receipt(w: World, over: Record<string, unknown> = {}): Promise<string> {
  const r = await post(w, '/receipts', {
    employee_id: w.booking.employee,
    date: day(),
    receipt_type_id: w.records.get('/receipt-types').name,
    project_id: w.booking.projectId,
    currency: 'EUR',
    payment_method: 'privat',
    is_amount_net: false,
    receiptAmounts: [{ tax: 19, quantity: 1, amount: 12.5 }],
    ...over,
  });
  return `/receipts/${r.id}`;
}

/** The value at a dotted path of a record (`status.id`); null where a step is null. */
export function valueAt(record: unknown, path: string): unknown {
  let v: any = record;
  for (const step of path.split('.')) {
    if (v === null || v === undefined) return null;
    v = v[step];
  }
  return v ?? null;
}
