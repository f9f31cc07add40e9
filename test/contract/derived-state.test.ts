// Derived state (docs/api/integration.md, "What counts as a change"): for every derivation a module declares
// (plugins/write-path/records.ts) — a record whose answer shows another table's rows — a scenario changes the source
// through the API and checks that the dependent's feed entry (its current data, under its current key; previous_key
// after a rename), ETag, `modified` and `modified_after` all move. A test fails when a declared derivation has no
// scenario. Among them the reproducers of the issue: a renamed absence reason and receipt type, an article's unit on
// offer items, an offer item on its offer's totals, an offer's items deleted with it, an invoice's items detached on
// its deletion, an invoice document deleted, a new absence on a planning's working_day, a receipt file upload.
import assert from 'node:assert/strict';
import { before, test } from 'node:test';
import { createDemoTenantAs } from '../../src/demo/index.js';
import { forTenant, untyped } from '../../src/db/tenant-scope.js';
import { forEachDialect, uniqueName, type Client, type TestContext } from '../support/app.js';

type Json = Record<string, any>;
const FILE = {
  filename: 'notiz.txt',
  content_type: 'text/plain',
  file_contents: Buffer.from('Notiz\n').toString('base64'),
};

interface Dependent {
  type: string;
  key: string;
  /** A rename: the key it had (its entry has previous_key). */
  from?: string;
  /** It is deleted (a tombstone). */
  deleted?: boolean;
}

/** '/customers/1001/contacts/1' for customers/contacts 1001/1. */
const urlOf = (type: string, key: string) => {
  const parts = key.split('/');
  return type
    .split('/')
    .map((s, i) => `/${s}/${encodeURIComponent(parts[i])}`)
    .join('');
};

const feedSince = async (c: Client, since: string) => {
  const r = await c.get(`/changes?since=${since}&limit=1000`);
  assert.equal(r.status, 200, r.text);
  return r.body.data as Json[];
};

interface Scenario {
  name: string;
  /** The derivations it exercises: 'dependent type ← source table' (key parts read from another table: '(key)'). */
  covers: string[];
  run(s: Steps): Promise<void>;
}

/** Ids and dates of the demo tenant's records the scenarios use (ids are global: read, never assumed). */
interface Demo {
  absenceKR: number;
  pending: Json;
  receipt: { billedFahrkarte: number; withFile: number; bewirtung: number };
  offer: number;
  pauschal: number;
  surcharge: number;
  article: number;
  draft: string;
  draftItem: number;
  anna: Json[];
  max: Json[];
  period: Json;
  projects: number[];
  calendar: number;
  basePriceTable: number;
  device: number;
  ticket: number;
  subtask: number;
  department: number;
  locationList: number;
  vehicleList: number;
}

const WEEKDAY = ['sunday', 'monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday'];
const weekday = (date: string) => WEEKDAY[new Date(`${date}T00:00:00Z`).getUTCDay()];

async function demoFacts(c: Client): Promise<Demo> {
  const all = async (url: string) => (await c.get(url)).body.data as Json[];
  const absences = await all('/absences');
  const receipts = await all('/receipts');
  const offer = (await all('/offers'))[0].id;
  const items = await all(`/offers/${offer}/items`);
  const invoices = await all('/invoices');
  const draft = invoices.find((i) => i.status.name === 'Draft')!.invoice_number;
  const plannings = (await all('/plannings')).sort((a, b) => a.date.localeCompare(b.date));
  const ticket = (await all('/tickets'))[0].id;
  return {
    absenceKR: absences.find((a) => a.absence_reason_id === 'KR')!.id,
    pending: absences.find((a) => a.employee_id === "o'brien.j")!,
    receipt: {
      billedFahrkarte: receipts.find((r) => r.receipt_type_id === 'Fahrkarte')!.id,
      withFile: receipts.find((r) => r.filename)!.id,
      bewirtung: receipts.find((r) => r.receipt_type_id === 'Bewirtung')!.id,
    },
    offer,
    pauschal: items.find((i) => i.type.name === 'Pauschal')!.id,
    surcharge: items.find((i) => /surcharge/i.test(i.type.name))!.id,
    article: (await all('/articles'))[0].id,
    draft,
    draftItem: (await all('/invoice-items')).find((i) => i.invoice_number === draft)!.id,
    anna: plannings.filter((p) => p.employee_id === 'anna.schmidt'),
    max: plannings.filter((p) => p.employee_id === 'max.mustermann'),
    period: (await all('/resource-plannings')).find((p) => p.employee_id === 'anna.schmidt')!,
    projects: (await all('/projects')).map((p) => p.id).sort((a, b) => a - b),
    calendar: (await all('/holiday-calendars'))[0].id,
    basePriceTable: (await all('/price-tables'))[0].id,
    device: (await all('/devices'))[0].id,
    ticket,
    subtask: (await all(`/tickets/${ticket}/subtasks`))[0].id,
    department: (await all('/departments')).find((d) => !d.is_standard)!.id,
    locationList: (await all('/location-lists'))[0].id,
    vehicleList: (await all('/vehicle-lists'))[0].id,
  };
}

interface Steps {
  c: Client;
  demo: Demo;
  /** A write that must succeed; its answer's data. */
  ok(method: string, url: string, body?: unknown): Promise<Json>;
  /** Run `change` and check that each dependent's entry, ETag, modified and modified_after moved. */
  moves(dependents: Dependent[], change: () => Promise<unknown>): Promise<void>;
}

const SCENARIOS: Scenario[] = [
  {
    name: 'an absence reason changed and renamed: its absences, and the reason under its new key',
    covers: ['absences ← absence_reasons'],
    run: async ({ ok, moves, demo }) => {
      const absence = String(demo.absenceKR);
      await moves([{ type: 'absences', key: absence }], () => ok('PATCH', '/absence-reasons/KR', { color: '#123456' }));
      await moves(
        [
          { type: 'absences', key: absence },
          { type: 'absence-reasons', key: 'KRX', from: 'KR' },
        ],
        () => ok('PATCH', '/absence-reasons/KR', { name: 'KRX' }),
      );
    },
  },
  {
    name: 'a receipt type renamed: its receipts; a receipt file uploaded and deleted: the receipt',
    covers: ['receipts ← attachments'],
    run: async ({ ok, moves, demo }) => {
      const { billedFahrkarte, withFile } = demo.receipt;
      await moves(
        [
          { type: 'receipts', key: String(billedFahrkarte) },
          { type: 'receipt-types', key: 'Bahn', from: 'Fahrkarte' },
        ],
        () => ok('PATCH', '/receipt-types/Fahrkarte', { name: 'Bahn' }),
      );
      // The billed receipt's file is locked; another one has a file: replaced, then deleted.
      await moves([{ type: 'receipts', key: String(withFile) }], () =>
        ok('PUT', `/receipts/${withFile}/attachments`, FILE),
      );
      await moves([{ type: 'receipts', key: String(withFile) }], () =>
        ok('DELETE', `/receipts/${withFile}/attachments`),
      );
    },
  },
  {
    name: "a receipt's amount lines: the receipt and its amounts",
    covers: ['receipts ← receipt_amounts'],
    run: async ({ c, ok, moves, demo }) => {
      const id = demo.receipt.bewirtung;
      const lines = (await c.get(`/receipts/${id}/amounts`)).body.data;
      const body = {
        receiptAmounts: lines.map((l: Json) => ({
          tax: Number(l.tax),
          quantity: Number(l.quantity),
          amount: Number(l.amount) + 1,
        })),
      };
      await moves([{ type: 'receipts', key: String(id) }], () => ok('PATCH', `/receipts/${id}`, body));
    },
  },
  {
    name: "an article's unit: the offer items showing it; an item added, changed, deleted: its offer's totals and the surcharge after it",
    covers: ['offers/items ← articles', 'offers ← offer_items', 'offers/items ← offer_items'],
    run: async ({ ok, moves, demo }) => {
      const o = demo.offer;
      const item = await ok('POST', `/offers/${o}/items`, {
        type: 'artikel',
        label: 'Wartung',
        quantity: 1,
        single_price: 100,
        vat: 19,
        article_id: demo.article,
        sort_order: 9,
      });
      await moves([{ type: 'offers/items', key: `${o}/${item.id}` }], () =>
        ok('PATCH', `/articles/${demo.article}`, { unit: 'Std.' }),
      );
      await moves(
        [
          { type: 'offers', key: String(o) },
          { type: 'offers/items', key: `${o}/${demo.surcharge}` },
        ],
        () => ok('PATCH', `/offers/${o}/items/${demo.pauschal}`, { single_price: 555 }),
      );
      await moves([{ type: 'offers', key: String(o) }], () => ok('DELETE', `/offers/${o}/items/${item.id}`));
    },
  },
  {
    name: 'an offer deleted: its items are tombstones',
    covers: [],
    run: async ({ c, ok, moves, demo }) => {
      const o = demo.offer;
      const items = (await c.get(`/offers/${o}/items`)).body.data.map((i: Json) => ({
        type: 'offers/items',
        key: `${o}/${i.id}`,
        deleted: true,
      }));
      await moves([{ type: 'offers', key: String(o), deleted: true }, ...items], () => ok('DELETE', `/offers/${o}`));
    },
  },
  {
    name: "an invoice renamed: its items' invoice_number and its documents' keys; a first document and the last one deleted: the invoice; the invoice deleted: its items detached",
    covers: ['invoice-items ← invoices', 'invoices ← attachments', 'invoices/attachments ← invoices (key)'],
    run: async ({ c, ok, moves, demo }) => {
      const [n, item] = [demo.draft, String(demo.draftItem)];
      await moves([{ type: 'invoices', key: n }], () => ok('POST', `/invoices/${n}/attachments`, FILE));
      const doc = (await c.get(`/invoices/${n}/attachments`)).body.data[0].id;
      await moves(
        [
          { type: 'invoices', key: `${n}b`, from: n },
          { type: 'invoice-items', key: item },
          { type: 'invoices/attachments', key: `${n}b/${doc}`, from: `${n}/${doc}` },
        ],
        () => ok('PATCH', `/invoices/${n}`, { invoice_number: `${n}b` }),
      );
      await moves(
        [
          { type: 'invoices', key: `${n}b` },
          { type: 'invoices/attachments', key: `${n}b/${doc}`, deleted: true },
        ],
        () => ok('DELETE', `/invoices/${n}b/attachments/${doc}`),
      );
      await moves(
        [
          { type: 'invoices', key: `${n}b`, deleted: true },
          { type: 'invoice-items', key: item },
        ],
        () => ok('DELETE', `/invoices/${n}b`),
      );
    },
  },
  {
    name: "a new absence: the employee's absences_count, the planning on that day (working_day) and the resource planning period",
    covers: ['employees ← absences', 'plannings ← absences', 'resource-plannings ← absences'],
    run: async ({ ok, moves, demo }) => {
      const planning = demo.anna[3];
      await moves(
        [
          { type: 'employees', key: 'anna.schmidt' },
          { type: 'plannings', key: String(planning.id) },
          { type: 'resource-plannings', key: String(demo.period.id) },
        ],
        () =>
          ok('POST', '/absences', {
            employee_id: 'anna.schmidt',
            absence_reason_id: 'UB',
            start_date: planning.date,
            end_date: planning.date,
            approval_status: 'approved',
          }),
      );
    },
  },
  {
    name: "a leave application decided: its absences; a reason's type: the hours a period plans",
    covers: [
      'absences ← leave_approval_applications',
      'plannings ← leave_approval_applications',
      'resource-plannings ← leave_approval_applications',
      'resource-plannings ← absence_reasons',
    ],
    run: async ({ c, ok, moves, demo }) => {
      // o'brien.j's leave request waits for approval; a planning and a period of his on those days first.
      const { id: absence, start_date, end_date } = demo.pending;
      const day = start_date.slice(0, 10);
      const project = demo.projects[1];
      await ok('POST', '/plannings', {
        employee_id: "o'brien.j",
        project_id: project,
        date: day,
        kind: 1,
        planning: 4,
      });
      const planning = (await c.get('/plannings?employee_ids[]=o%27brien.j')).body.data.find(
        (p: Json) => p.date === day,
      ).id;
      const period = await ok('POST', '/resource-plannings', {
        employee_id: "o'brien.j",
        project_id: project,
        start_date: day,
        end_date: end_date.slice(0, 10),
        unit: 'percent',
        value: 50,
      });
      await moves(
        [
          { type: 'absences', key: String(absence) },
          { type: 'plannings', key: String(planning) },
          { type: 'resource-plannings', key: String(period.id) },
        ],
        () => ok('PATCH', `/absences/${absence}`, { approved: true }),
      );
      // An hourly absence lowers the target; of a flexitime reason (type 3) it does not (anna.schmidt plans the period).
      await ok('POST', '/absence-reasons', { name: 'STD', color: '#222222', type: 1, allow_hours_of_vacation: true });
      await ok('POST', '/absences', {
        employee_id: 'anna.schmidt',
        absence_reason_id: 'STD',
        start_date: demo.anna[4].date,
        end_date: demo.anna[4].date,
        type: 2,
        hours: 2,
        from: '09:00',
        to: '11:00',
      });
      await moves([{ type: 'resource-plannings', key: String(demo.period.id) }], () =>
        ok('PATCH', '/absence-reasons/STD', { type: 3 }),
      );
    },
  },
  {
    name: "working times and holidays: the plannings and periods of the days they move; a calendar's and break type's name: the working times showing them",
    covers: [
      'plannings ← regular_working_times',
      'resource-plannings ← regular_working_times',
      'plannings ← holidays',
      'resource-plannings ← holidays',
      'employees/regular-working-times ← holiday_calendars',
      'employees/regular-working-times ← break_regulation_types',
    ],
    run: async ({ c, ok, moves, demo }) => {
      const cal = demo.calendar;
      const time = (await c.get('/employees/max.mustermann/regular-working-times')).body.data[0];
      const anna = (await c.get('/employees/anna.schmidt/regular-working-times')).body.data[0];
      await ok('PATCH', `/employees/max.mustermann/regular-working-times/${time.id}`, { holiday_calendar_id: cal });
      await ok('PATCH', `/employees/anna.schmidt/regular-working-times/${anna.id}`, { holiday_calendar_id: cal });
      const [first, second] = [demo.max[2], demo.max[3]];
      const holiday = await ok('POST', `/holiday-calendars/${cal}/holidays`, {
        date: first.date,
        name: 'Betriebsfeier',
      });
      await moves([{ type: 'plannings', key: String(first.id) }], () =>
        ok('DELETE', `/holiday-calendars/${cal}/holidays/${holiday.id}`),
      );
      await moves([{ type: 'plannings', key: String(second.id) }], () =>
        ok('PATCH', `/employees/max.mustermann/regular-working-times/${time.id}`, { [weekday(second.date)]: 6.5 }),
      );
      await moves([{ type: 'resource-plannings', key: String(demo.period.id) }], () =>
        ok('PATCH', `/employees/anna.schmidt/regular-working-times/${anna.id}`, { monday: 5 }),
      );
      await moves([{ type: `employees/regular-working-times`, key: `max.mustermann/${time.id}` }], () =>
        ok('PATCH', `/holiday-calendars/${cal}`, { name: 'Deutschland (Test)' }),
      );
      const breaks = await ok('POST', '/break-regulation-types', { name: 'Pause 30' });
      await ok('PATCH', `/employees/max.mustermann/regular-working-times/${time.id}`, {
        break_regulation_type_id: breaks.id,
      });
      await moves([{ type: 'employees/regular-working-times', key: `max.mustermann/${time.id}` }], () =>
        ok('PATCH', `/break-regulation-types/${breaks.id}`, { name: 'Pause 45' }),
      );
      // A holiday on a working day a resource planning period plans (a weekday after its planned days).
      let day = demo.anna.at(-1)!.date;
      do day = new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
      while (['saturday', 'sunday'].includes(weekday(day)));
      await moves([{ type: 'resource-plannings', key: String(demo.period.id) }], () =>
        ok('POST', `/holiday-calendars/${cal}/holidays`, { date: day, name: 'Weihnachtsfeier' }),
      );
    },
  },
  {
    name: 'an employee, a project and a customer renamed: the plannings and periods showing them',
    covers: ['plannings ← employees', 'plannings ← projects', 'plannings ← customers', 'resource-plannings ← projects'],
    run: async ({ c, ok, moves, demo }) => {
      const planning = demo.anna[0];
      const key = String(planning.id);
      await moves([{ type: 'plannings', key }], () => ok('PATCH', '/employees/anna.schmidt', { firstname: 'Anne' }));
      await moves([{ type: 'plannings', key }], () =>
        ok('PATCH', `/projects/${planning.project_id}`, { name: 'Projekt Eins' }),
      );
      await moves([{ type: 'plannings', key }], () =>
        ok('PATCH', `/customers/${planning.customer_number}`, { name: 'Kunde Eins' }),
      );
      const period = (await c.get(`/resource-plannings/${demo.period.id}`)).body.data;
      const other = (await c.get('/customers')).body.data.find(
        (x: Json) => x.customer_number !== period.customer_number,
      ).customer_number;
      await moves([{ type: 'resource-plannings', key: String(period.id) }], () =>
        ok('PATCH', `/projects/${period.project_id}`, { customer_id: other }),
      );
    },
  },
  {
    name: "a customer's addresses, managers, contacts, categories, attributes and price tables; a customer renamed: its contacts' and tables' keys",
    covers: [
      'customers ← customer_addresses',
      'customers ← customer_managers',
      'customers ← customer_contacts',
      'customers ← category_links',
      'customers ← categories',
      'customers ← dynamic_attribute_values',
      'customers ← dynamic_attributes',
      'customers ← price_tables',
      'customers ← prices',
      'customers ← price_factors',
      'customers/price-tables ← prices',
      'customers/price-tables ← price_factors',
      'customers/contacts ← customers (key)',
    ],
    run: async ({ c, ok, moves, demo }) => {
      await moves([{ type: 'customers', key: '1002' }], () =>
        ok('PATCH', '/customers/1002', { addresses: [{ name: 'Lager', city: 'Bremen' }] }),
      );
      await moves([{ type: 'customers', key: '1002' }], () =>
        ok('PATCH', '/customers/1002', { managers: [{ username: 'anna.schmidt' }] }),
      );
      const contact = await ok('POST', '/customers/1003/contacts', { first_name: 'Jo', last_name: 'Beispiel' });
      await moves([{ type: 'customers', key: '1003' }], () => ok('DELETE', `/customers/1003/contacts/${contact.id}`));
      await moves([{ type: 'customers', key: '1002' }], () =>
        ok('PATCH', '/customers/1002', { categories: ['Key account'] }),
      );
      await moves([{ type: 'customers', key: '1002' }], () =>
        ok('PATCH', '/categories/Key account', { description: { de: 'Wichtig', en: 'Important' } }),
      );
      const attribute = await ok('POST', '/dynamic-attributes', {
        name: 'Region',
        type: 'Text',
        entity_type: 'customer',
      });
      await moves([{ type: 'customers', key: '1002' }], () =>
        ok('PATCH', '/customers/1002', { dynamicAttributes: [{ name: 'Region', value: 'Nord' }] }),
      );
      await moves([{ type: 'customers', key: '1002' }], () =>
        ok('PATCH', `/dynamic-attributes/${attribute.id}`, { name: 'Gebiet' }),
      );
      // 1003 has no price table of its own: it shows the base tables until it gets one.
      const base = String(demo.basePriceTable);
      await moves(
        [
          { type: 'customers', key: '1003' },
          { type: 'price-tables', key: base },
        ],
        () => ok('PATCH', `/price-tables/${base}`, { prices: [{ price_group: 'Standard', price: 99 }] }),
      );
      await moves(
        [
          { type: 'customers', key: '1003' },
          { type: 'price-tables', key: base },
        ],
        () => ok('PATCH', `/price-tables/${base}`, { factors: [{ day: 0, factor: 1.5 }] }),
      );
      const own = await ok('POST', '/customers/1003/price-tables', { start_date: '2026-01-01' });
      await moves(
        [
          { type: 'customers', key: '1003' },
          { type: 'customers/price-tables', key: `1003/${own.id}` },
        ],
        () =>
          ok('PATCH', `/customers/1003/price-tables/${own.id}`, { prices: [{ price_group: 'Standard', price: 80 }] }),
      );
      await moves(
        [
          { type: 'customers', key: '1003' },
          { type: 'customers/price-tables', key: `1003/${own.id}` },
        ],
        () => ok('PATCH', `/customers/1003/price-tables/${own.id}`, { factors: [{ day: 6, factor: 2 }] }),
      );
      await moves(
        [
          { type: 'customers', key: '2003', from: '1003' },
          { type: 'customers/price-tables', key: `2003/${own.id}`, from: `1003/${own.id}` },
        ],
        () => ok('PATCH', '/customers/1003', { customer_number: '2003' }),
      );
      const contacts = (await c.get('/customers/1001/contacts')).body.data.map((x: Json) => x.id);
      await moves(
        [
          { type: 'customers', key: '3001', from: '1001' },
          ...contacts.map((id: number) => ({ type: 'customers/contacts', key: `3001/${id}`, from: `1001/${id}` })),
        ],
        () => ok('PATCH', '/customers/1001', { customer_number: '3001' }),
      );
    },
  },
  {
    name: 'categories and links of contacts, employees, projects, tickets, subtasks and devices',
    covers: [
      'customers/contacts ← category_links',
      'customers/contacts ← categories',
      'employees ← category_links',
      'employees ← categories',
      'projects ← category_links',
      'projects ← categories',
      'tickets ← category_links',
      'tickets ← categories',
      'tickets/subtasks ← category_links',
      'tickets/subtasks ← categories',
      'devices ← category_links',
      'devices ← categories',
    ],
    run: async ({ c, ok, moves, demo }) => {
      const contact = (await c.get('/customers/1002/contacts')).body.data[0].id;
      const cases: [string, string, string][] = [
        ['contact', 'customers/contacts', `1002/${contact}`],
        ['employee', 'employees', 'max.mustermann'],
        ['project', 'projects', String(demo.projects[1])],
        ['ticket', 'tickets', String(demo.ticket)],
        ['subtask', 'tickets/subtasks', `${demo.ticket}/${demo.subtask}`],
        ['device', 'devices', String(demo.device)],
      ];
      for (const [type, record, key] of cases) {
        const name = `C-${type}`;
        await ok('POST', '/categories', { name, type });
        await moves([{ type: record, key }], () => ok('PATCH', urlOf(record, key), { categories: [name] }));
        await moves([{ type: record, key }], () =>
          ok('PATCH', `/categories/${name}`, { description: { en: `About ${type}s` } }),
        );
      }
      assert.ok(c);
    },
  },
  {
    name: 'dynamic attributes of employees and projects',
    covers: [
      'employees ← dynamic_attribute_values',
      'employees ← dynamic_attributes',
      'projects ← dynamic_attribute_values',
      'projects ← dynamic_attributes',
    ],
    run: async ({ ok, moves, demo }) => {
      for (const [entity, record, key] of [
        ['employee', 'employees', 'max.mustermann'],
        ['project', 'projects', String(demo.projects[1])],
      ] as const) {
        const attribute = await ok('POST', '/dynamic-attributes', {
          name: `A-${entity}`,
          type: 'Text',
          entity_type: entity,
        });
        await moves([{ type: record, key }], () =>
          ok('PATCH', urlOf(record, key), { dynamicAttributes: [{ name: `A-${entity}`, value: 'x' }] }),
        );
        await moves([{ type: record, key }], () =>
          ok('PATCH', `/dynamic-attributes/${attribute.id}`, { description: { en: 'About it' } }),
        );
      }
    },
  },
  {
    name: "a project's status, tasks, allowed activities and assigned employees; an activity renamed: the project's allowance under its new key",
    covers: [
      'projects ← project_statuses',
      'projects ← project_tasks',
      'projects ← project_activities',
      'projects ← project_assignments',
      'projects/activities ← activities',
      'projects/activities ← activities (key)',
    ],
    run: async ({ ok, moves, demo }) => {
      const p = demo.projects[2];
      await moves([{ type: 'projects', key: String(p) }], () =>
        ok('PATCH', '/project-statuses/aktiv', { color: '#00aa00' }),
      );
      const task = await ok('POST', `/projects/${p}/tasks`, { name: 'Abnahme' });
      await moves([{ type: 'projects', key: String(p) }], () => ok('DELETE', `/projects/${p}/tasks/${task.id}`));
      await ok('POST', '/activities', { name: 'sv', description: 'Support' });
      await moves([{ type: 'projects', key: String(p) }], () =>
        ok('POST', `/projects/${p}/activities`, { name: 'sv' }),
      );
      await moves([{ type: 'projects/activities', key: `${p}/sv` }], () =>
        ok('PATCH', '/activities/sv', { description: 'Support desk' }),
      );
      await moves(
        [
          { type: 'projects/activities', key: `${p}/sv2`, from: `${p}/sv` },
          { type: 'activities', key: 'sv2', from: 'sv' },
        ],
        () => ok('PATCH', '/activities/sv', { name: 'sv2' }),
      );
      await ok('POST', '/employees', { username: 'neu.mitarbeiter', firstname: 'Neu', lastname: 'Mitarbeiter' });
      await moves([{ type: 'projects', key: String(p) }], () =>
        ok('POST', `/projects/${p}/employees`, { employee_id: 'neu.mitarbeiter' }),
      );
    },
  },
  {
    name: "a department's managers, a device's employees, a location list's and a vehicle list's members",
    covers: [
      'departments ← department_managers',
      'devices ← device_employees',
      'location-lists ← location_list_items',
      'vehicle-lists ← vehicles',
    ],
    run: async ({ c, ok, moves, demo }) => {
      const { department, device, locationList, vehicleList } = demo;
      await moves([{ type: 'departments', key: String(department) }], () =>
        ok('PATCH', `/departments/${department}`, { manager: ['anna.schmidt'] }),
      );
      await moves([{ type: 'devices', key: String(device) }], () =>
        ok('PATCH', `/devices/${device}`, { employees: ['anna.schmidt'] }),
      );
      const location = (await c.get('/locations')).body.data[0].id;
      await moves([{ type: 'location-lists', key: String(locationList) }], () =>
        ok('PATCH', `/location-lists/${locationList}`, { locations: [location] }),
      );
      const vehicles = (await c.get(`/vehicle-lists/${vehicleList}`)).body.data.vehicles.map((v: Json) => ({
        id: v.id,
        name: v.name,
        license_plate: v.license_plate,
      }));
      await moves([{ type: 'vehicle-lists', key: String(vehicleList) }], () =>
        ok('PATCH', `/vehicle-lists/${vehicleList}`, { vehicles: [...vehicles, { id: 'V-NEU', name: 'Neuer Wagen' }] }),
      );
    },
  },
  {
    name: "a base and a project price table's prices and factors",
    covers: [
      'price-tables ← prices',
      'price-tables ← price_factors',
      'projects/price-tables ← prices',
      'projects/price-tables ← price_factors',
    ],
    run: async ({ ok, moves, demo }) => {
      const [base, p] = [demo.basePriceTable, demo.projects[1]];
      await moves([{ type: 'price-tables', key: String(base) }], () =>
        ok('PATCH', `/price-tables/${base}`, { prices: [{ price_group: 'Standard', price: 101 }] }),
      );
      await moves([{ type: 'price-tables', key: String(base) }], () =>
        ok('PATCH', `/price-tables/${base}`, { factors: [{ day: 7, factor: 2 }] }),
      );
      const table = await ok('POST', `/projects/${p}/price-tables`, { start_date: '2026-01-01' });
      await moves([{ type: 'projects/price-tables', key: `${p}/${table.id}` }], () =>
        ok('PATCH', `/projects/${p}/price-tables/${table.id}`, { prices: [{ price_group: 'Standard', price: 70 }] }),
      );
      await moves([{ type: 'projects/price-tables', key: `${p}/${table.id}` }], () =>
        ok('PATCH', `/projects/${p}/price-tables/${table.id}`, { factors: [{ day: 1, factor: 1.25 }] }),
      );
    },
  },
];

/** Every derivation the registry declares, as 'type ← table' (a key part read from another table: 'type ← table (key)'). */
function declared(t: TestContext): string[] {
  return t.app.zk.records.types.flatMap((type) => [
    ...(type.derivations ?? []).map((d) => `${type.type} ← ${d.table}`),
    ...(type.key ?? []).flatMap((p) => (typeof p === 'string' ? [] : [`${type.type} ← ${p.table} (key)`])),
  ]);
}

forEachDialect(
  'derived state: every declared derivation moves its dependents in the feed, ETag, modified and modified_after',
  (t) => {
    let c: Client;
    let tenantId: number;
    let demo: Demo;
    before(async () => {
      // Another tenant first: ids are global, the scenarios must read them (as on a database other tests share).
      await createDemoTenantAs(t().database.db, t().dialect, uniqueName('other'));
      const { tenant, token } = await createDemoTenantAs(t().database.db, t().dialect, uniqueName('derived'));
      c = t().client(tenant, token);
      tenantId = tenant.id;
      demo = await demoFacts(c);
    });

    test('every declared derivation has a scenario', () => {
      const covered = new Set(SCENARIOS.flatMap((s) => s.covers));
      assert.deepEqual([...new Set(declared(t()))].filter((d) => !covered.has(d)).sort(), []);
      assert.deepEqual(
        [...covered].filter((d) => !declared(t()).includes(d)).sort(),
        [],
        'scenarios cover only declared derivations',
      );
    });

    for (const scenario of SCENARIOS) {
      test(scenario.name, async () => {
        const ok = async (method: string, url: string, body?: unknown) => {
          const r = await c.request(method, url, body);
          assert.ok(
            r.status >= 200 && r.status < 300,
            `${method} ${url} ${JSON.stringify(body)}: ${r.status} ${r.text.slice(0, 400)}`,
          );
          return r.body?.data ?? {};
        };
        const moves = async (dependents: Dependent[], change: () => Promise<unknown>) => {
          const old = new Map<Dependent, { etag: string }>();
          for (const d of dependents) {
            const r = await c.get(urlOf(d.type, d.from ?? d.key));
            assert.equal(r.status, 200, `${d.type} ${d.from ?? d.key} before: ${r.text}`);
            old.set(d, { etag: String(r.headers.etag) });
            // modified far in the past: it must be the change that moves it (timestamps have whole seconds)
            const table = t().app.zk.records.get(d.type)!.table;
            await untyped(forTenant(t().database.db, tenantId))
              .updateTable(table)
              .set({ modified: '2000-01-01 00:00:00' })
              .execute()
              .catch(() => undefined);
          }
          const since = (await feedSince(c, '0')).at(-1)?.cursor ?? '0';
          const t0 = Math.floor(Date.now() / 1000) * 1000;
          await change();
          const entries = await feedSince(c, since);
          for (const d of dependents) {
            const what = `${d.type} ${d.key}`;
            const mine = entries.filter((e) => e.type === d.type && e.key === d.key);
            assert.equal(
              mine.length,
              1,
              `${what}: one feed entry (the feed: ${entries.map((e) => `${e.op} ${e.type} ${e.key}`).join(', ')})`,
            );
            const [entry] = mine;
            if (d.deleted) {
              assert.equal(entry.op, 'delete', what);
              assert.equal((await c.get(urlOf(d.type, d.key))).status, 404, what);
              continue;
            }
            assert.equal(entry.previous_key, d.from, `${what}: previous_key`);
            if (d.from) assert.equal((await c.get(urlOf(d.type, d.from))).status, 404, `${d.type} ${d.from} is gone`);
            const now = await c.get(urlOf(d.type, d.key));
            assert.equal(now.status, 200, what);
            assert.equal(now.headers.etag, `"${entry.cursor}"`, `${what}: the ETag is the entry's cursor`);
            assert.notEqual(now.headers.etag, old.get(d)!.etag, `${what}: the ETag moved`);
            const { file_contents: _skip, ...data } = now.body.data;
            assert.deepEqual(entry.data, data, `${what}: the entry is the record as GET answers it`);
            const modified = data.modified ?? data.updated_at;
            if (modified === undefined) continue;
            assert.ok(Date.parse(modified) >= t0, `${what}: modified ${modified} moved`);
            const list = urlOf(d.type, d.key).replace(/\/[^/]+$/, '');
            const found = await c.get(
              `${list}?modified_after=${new Date(t0 - 1000).toISOString().slice(0, 19)}&limit=200`,
            );
            if (found.status === 200 && found.body.meta) {
              const last = d.key.split('/').at(-1);
              assert.ok(
                found.body.data.some((i: Json) => Object.values(i).some((v) => String(v) === last)),
                `${what}: ${list}?modified_after lists it`,
              );
            }
          }
        };
        await scenario.run({ c, demo, ok, moves });
      });
    }
  },
  { rateLimit: { perFiveMinutes: 1e9, perHour: 1e9 } },
);
