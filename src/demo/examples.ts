// The request bodies the /docs page offers under "Try it out": each is accepted by a fresh demo
// tenant (src/demo), so the first click succeeds. Keys are new (customer 2001, employee erika.beispiel, …) and
// references name demo records. The OpenAPI document puts each on its named schema as `examples` (3.0: `example`);
// test/docs/try-it-out.test.ts sends every one to a fresh demo tenant. On /docs their keys carry the stamp of the
// resolution (src/plugins/docs-examples.ts): a second click of the same body is a 422 on that key, as for any
// duplicate; examples resolved later carry new keys.
import { addDays } from '../values/formats.js';
import type { ExampleContext } from '../plugins/docs-examples.js';
import { monthStart, secondMonday } from './dates.js';

export const TRY_IT_OUT_EXAMPLES: Record<string, Record<string, unknown>> = {
  AbsenceReasonCreate: { name: 'Fortbildung', comment: 'Training days', approve: true, allow_self_entry: true },
  ActivityCreate: { name: 'Workshop', description: 'Workshops with the customer', is_travel: false },
  ArticleCreate: {
    article_number: 'ART-2001',
    name: 'Wartungspauschale',
    unit: 'Stück',
    unit_price: 150,
    currency: 'EUR',
  },
  CategoryCreate: { name: 'Partner', type: 'customer', description: { de: 'Partnerkunde', en: 'Partner customer' } },
  BreakRegulationTypeCreate: { name: 'Mindestpause 6 h' },
  CustomerCreate: {
    customer_number: '2001',
    name: 'Beispiel Bau GmbH',
    currency: 'EUR',
    email: 'info@beispiel-bau.example',
  },
  DepartmentCreate: { name: 'Consulting' },
  EmployeeCreate: {
    username: 'erika.beispiel',
    firstname: 'Erika',
    lastname: 'Beispiel',
    email: 'erika.beispiel@example.org',
  },
  HolidayCalendarCreate: { name: 'Österreich' },
  LocationCreate: { id: 'wien', name: 'Büro Wien' },
  LocationListCreate: { name: 'Kundenstandorte Süd' },
  PriceGroupCreate: { name: 'Expert', description: { de: 'Expertensätze', en: 'Expert rates' } },
  ProjectCreate: {
    name: 'Website relaunch',
    description: 'New company website',
    start_date: '2026-01-01',
    end_date: '2026-12-31',
  },
  ProjectStatusCreate: { name: 'On hold', description: 'Paused by the customer', bookable: false },
  ReceiptTypeCreate: { name: 'Parking', description: 'Parking fees' },
};

/** Dates no demo record uses (the demo data spans the previous month to the next one, src/demo/dates.ts): a copied
 * booking, absence or meal moved there does not overlap its original. */
const FREE_DAY = secondMonday(monthStart(3));
const FREE_ABSENCE = secondMonday(monthStart(4));
const FAR_START = monthStart(36);
const FILE = {
  filename: 'notiz.txt',
  content_type: 'text/plain',
  file_contents: Buffer.from('Notiz aus der API-Referenz\n').toString('base64'),
};
const unbilled = (r: Record<string, any>) => !r.invoice_item_id;

async function booking(ctx: ExampleContext, date: string) {
  const b = await ctx.first('/attendances', unbilled);
  return (
    b && {
      employee_id: b.employee_id,
      date,
      from: '08:00:00',
      to: '09:00:00',
      project_id: b.project_id,
      project_task_id: b.project_task_id,
      activity_id: b.activity_id,
      note: 'Try it out',
    }
  );
}

/** Bodies that a plain copy of an existing record does not give (src/plugins/docs-examples.ts), by operation: the copy
 * would overlap its original, there is no record to copy, or the body needs a file. */
export const CURATED_BODIES: Record<string, (ctx: ExampleContext) => Promise<unknown>> = {
  // The demo's people sign in with the password demo-password (src/demo/people.ts).
  'POST /sessions': async () => ({ username: 'anna.schmidt', password: 'demo-password' }),
  'POST /sessions/password': async () => ({ current_password: 'demo-password', new_password: 'a new password' }),
  'POST /attendances': (ctx) => booking(ctx, FREE_DAY),
  'POST /attendances/bulk': async (ctx) => ({ items: [await booking(ctx, addDays(FREE_DAY, 1))] }),
  'POST /absences': async (ctx) => ({
    ...(await ctx.copy()),
    start_date: FREE_ABSENCE,
    end_date: addDays(FREE_ABSENCE, 1),
    note: 'Try it out',
  }),
  'POST /employees/{username}/employment-periods': async (ctx) => ({
    ...(await ctx.copy()),
    start_date: '2020-01-01',
    end_date: '2020-12-31',
  }),
  'POST /employees/{username}/internal-rates': async (ctx) => ({ ...(await ctx.copy()), start_date: FAR_START }),
  'POST /employees/{username}/regular-working-times': async (ctx) => ({ ...(await ctx.copy()), start_date: FAR_START }),
  'POST /employees/{username}/meals': async () => ({ date: FREE_DAY, meal_type: 1, note: 'Try it out' }),
  'POST /employees/{username}/transponders': async (ctx) => ({ number: `T-${ctx.stamp}`, valid_from: '2026-01-01' }),
  'POST /holiday-calendars/{calendar_id}/holidays': async () => ({
    date: addDays(FAR_START, 3),
    name: 'Betriebsausflug',
  }),
  'POST /price-tables': async () => ({ start_date: FAR_START }),
  'POST /projects/{id}/price-tables': async () => ({ start_date: FAR_START }),
  'POST /customers/{customer}/price-tables': async () => ({ start_date: FAR_START }),
  'POST /vehicle-lists': async (ctx) => ({ ...(await ctx.copy()), start_date: FAR_START }),
  'POST /projects/{id}/activities': async (ctx) => {
    const used = new Set((await ctx.all(`/projects/${ctx.path.id}/activities`)).map((a) => a.name ?? a.activity));
    const free = (await ctx.all('/activities')).find((a) => !used.has(a.name));
    return { name: free?.name, default_factor: 1 };
  },
  // An employee the project does not have yet (the demo leaves o'brien.j off the first project).
  'POST /projects/{id}/employees': async (ctx) => {
    const assigned = new Set((await ctx.all(`/projects/${ctx.path.id}/employees`)).map((a) => a.employee_id));
    const free = (await ctx.all('/employees')).find((e) => !assigned.has(e.username));
    return { ...(await ctx.copy()), employee_id: free?.username };
  },
  'POST /projects/{id}/locations': async () => ({ name: 'Baustelle Nord', description: 'Try it out' }),
  'POST /offers/{id}/items': async () => ({
    type: 'Pauschal',
    position: '3',
    label: 'Dokumentation',
    quantity: 1,
    single_price: 400,
    vat: 19,
    sort_order: 6,
  }),
  'POST /receipts': async (ctx) => {
    const copy = await ctx.copy();
    const type = await ctx.get(`/receipt-types/${encodeURIComponent(copy.receipt_type_id)}`);
    const tax = Number(type?.tax_rates?.[0]?.tax ?? type?.tax_rates?.[0] ?? 19);
    return { ...copy, date: FREE_DAY, receiptAmounts: [{ tax, quantity: 1, amount: 42.5 }] };
  },
  // The amount is derived from the items (a new invoice has none): the copy leaves it out.
  'POST /invoices': async (ctx) => {
    const { amount: _derived, ...copy } = await ctx.copy();
    return copy;
  },
  'POST /invoices/{invoice_number}/correction': async (ctx) => ({
    creator_username: (await ctx.first('/employees'))?.username,
  }),
  'POST /invoices/{invoice_number}/attachments': async () => FILE,
  'POST /folders/{id}/documents': async () => FILE,
  'POST /tickets/{id}/attachments': async () => FILE,
  'PUT /receipts/{id}/attachments': async () => FILE,
  // The month before the demo records: closing it locks nothing another example writes.
  'POST /month-closings': async () => ({ month: monthStart(-2).slice(0, 7), note: 'Try it out' }),
  'POST /devices': async (ctx) => ({ name: `Terminal ${ctx.stamp}`, status: 1 }),
  'POST /dynamic-attributes': async (ctx) => ({
    name: `Kostenstelle ${ctx.stamp}`,
    type: 'Text',
    entity_type: 'project',
  }),
  // A week of plans for the employee and project of the first planning entry (POST /plannings copies one).
  'POST /plannings/range': async (ctx) => {
    const p = await ctx.first('/plannings');
    return (
      p && {
        employee_id: p.employee_id,
        project_id: p.project_id,
        kind: 1,
        planning: 2,
        date: FREE_DAY,
        date_to: addDays(FREE_DAY, 4),
        note: 'Try it out',
      }
    );
  },
  'POST /webhooks': async () => ({
    url: 'https://example.org/zeitkonto-events',
    events: ['customer.created'],
    active: false,
  }),
  // A status is answered as {id, name}; the body takes the id.
  'POST /tickets/{id}/subtasks': async (ctx) => ({ ...(await ctx.copy()), status: 1 }),
  'POST /tickets': async (ctx) => {
    const task = await ctx.first('/attendances', unbilled);
    const creator = await ctx.first('/employees');
    return {
      subject: 'Export schlägt fehl',
      status: 1,
      priority: 3,
      project_id: task?.project_id,
      project_task_id: task?.project_task_id,
      creator_username: creator?.username,
    };
  },
};
