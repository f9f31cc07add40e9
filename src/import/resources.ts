// What `zeitkonto import` reads and where it writes it, in dependency order (docs/import.md "What is imported").
// A record's JSON field is written to the column of the same name (the tables mirror the contract's fields,
// docs/architecture.md "Names and size"); `columns` says where that is not so. Records keep the source's keys: the
// id where the API shows one, otherwise its natural key (username, customer number, name).

type Item = Record<string, any>;

/** A column holding the local id of the `table` row whose `key` is `value` (of the record and its parent). */
export interface Link {
  column: string;
  table: string;
  key: string;
  value: (record: Item, parent: Item) => unknown;
}
const customerLink: Link = {
  column: 'customer_id',
  table: 'customers',
  key: 'customer_number',
  value: (_r, c) => c.customer_number,
};

/** A resource read once per record of its parent (an employee's employment periods, a project's tasks). */
export interface Child {
  name: string;
  /** The list's path for one parent record. */
  path: (parent: Item) => string;
  table: string;
  key: string[];
  /** Columns the child's JSON does not carry (its parent's key). */
  fixed: (parent: Item) => Item;
  columns?: Record<string, (item: Item) => unknown>;
  /** Columns holding a local id the API does not show, found by a key it does show (a customer's addresses). */
  links?: Link[];
  /** Records carried in the parent's detail instead of a list of their own (a customer's addresses). */
  inDetail?: (detail: Item) => Item[];
}

export interface Resource {
  name: string;
  path: string;
  table: string;
  key: string[];
  columns?: Record<string, (item: Item) => unknown>;
  /** The record's detail path, read when children are carried in it. */
  detail?: (item: Item) => string;
  children?: Child[];
  /** Read every page before writing, in this order (a tree: parents first). */
  order?: (items: Item[]) => Item[];
  /** The list takes modified_after (contract: "List conventions"), so --since can narrow it. */
  since?: boolean;
}

const enc = encodeURIComponent;
/** A decimal text ('131.29') as an integer of 10^-digits units; null stays null. */
const scaled = (v: unknown, digits: number) =>
  v === null || v === undefined ? null : Math.round(Number(v) * 10 ** digits);
const time = (v: unknown) => (typeof v === 'string' && v.length === 5 ? `${v}:00` : v);
const day = (v: unknown) => (typeof v === 'string' ? v.slice(0, 10) : v);

/** Parents before children, so a page never names a parent it has not written yet. */
function treeOrder(items: Item[]): Item[] {
  const byId = new Map(items.map((i) => [i.id, i]));
  const out: Item[] = [];
  const seen = new Set<unknown>();
  const visit = (i: Item) => {
    if (seen.has(i.id)) return;
    seen.add(i.id);
    const parent = byId.get(i.parent_id);
    if (parent) visit(parent);
    out.push(i);
  };
  items.forEach(visit);
  return out;
}

export const RESOURCES: readonly Resource[] = [
  { name: 'departments', path: '/departments', table: 'departments', key: ['id'], order: treeOrder },
  { name: 'price-groups', path: '/price-groups', table: 'price_groups', key: ['id'] },
  { name: 'activities', path: '/activities', table: 'activities', key: ['name'] },
  {
    name: 'project-statuses',
    path: '/project-statuses',
    table: 'project_statuses',
    key: ['name'],
    columns: { sort_order: (s) => s.order },
  },
  { name: 'absence-reasons', path: '/absence-reasons', table: 'absence_reasons', key: ['name'] },
  { name: 'receipt-types', path: '/receipt-types', table: 'receipt_types', key: ['name'] },
  {
    name: 'holiday-calendars',
    path: '/holiday-calendars',
    table: 'holiday_calendars',
    key: ['id'],
    children: [
      {
        name: 'holidays',
        path: (c) => `/holiday-calendars/${c.id}/holidays`,
        table: 'holidays',
        key: ['id'],
        fixed: (c) => ({ holiday_calendar_id: c.id }),
      },
    ],
  },
  {
    name: 'employees',
    path: '/employees',
    table: 'employees',
    key: ['username'],
    since: true,
    children: [
      {
        name: 'employment-periods',
        path: (e) => `/employees/${enc(e.username)}/employment-periods`,
        table: 'employment_periods',
        key: ['id'],
        fixed: (e) => ({ employee_id: e.username }),
      },
      {
        name: 'regular-working-times',
        path: (e) => `/employees/${enc(e.username)}/regular-working-times`,
        table: 'regular_working_times',
        key: ['id'],
        fixed: (e) => ({ employee_id: e.username }),
        columns: {
          holiday_calendar_id: (w) => w.holidayCalendar?.id ?? null,
          break_regulation_type_id: (w) => w.breakRegulationType?.id ?? null,
        },
      },
      {
        name: 'internal-rates',
        path: (e) => `/employees/${enc(e.username)}/internal-rates`,
        table: 'internal_rates',
        key: ['id'],
        fixed: (e) => ({ employee_id: e.username }),
      },
    ],
  },
  {
    name: 'customers',
    path: '/customers',
    table: 'customers',
    key: ['customer_number'],
    since: true,
    detail: (c) => `/customers/${enc(c.customer_number)}`,
    children: [
      {
        name: 'customer-addresses',
        links: [customerLink],
        path: (c) => `/customers/${enc(c.customer_number)}`,
        inDetail: (detail) => detail.addresses ?? [],
        table: 'customer_addresses',
        key: ['id'],
        fixed: () => ({}),
      },
      {
        name: 'customer-contacts',
        columns: { is_primary: (c) => c.primary, department_id: (c) => c.department?.id ?? null },
        links: [customerLink],
        path: (c) => `/customers/${enc(c.customer_number)}/contacts`,
        table: 'customer_contacts',
        key: ['id'],
        fixed: () => ({}),
      },
    ],
  },
  {
    name: 'projects',
    path: '/projects',
    table: 'projects',
    key: ['id'],
    since: true,
    children: [
      {
        name: 'project-tasks',
        path: (p) => `/projects/${p.id}/tasks`,
        table: 'project_tasks',
        key: ['id'],
        fixed: (p) => ({ project_id: p.id }),
      },
      {
        name: 'project-employees',
        path: (p) => `/projects/${p.id}/employees`,
        table: 'project_assignments',
        key: ['id'],
        fixed: (p) => ({ project_id: p.id }),
      },
      {
        name: 'project-activities',
        links: [{ column: 'activity_id', table: 'activities', key: 'name', value: (a) => a.name }],
        path: (p) => `/projects/${p.id}/activities`,
        table: 'project_activities',
        key: ['id'],
        fixed: (p) => ({ project_id: p.id }),
      },
    ],
  },
  {
    name: 'attendances',
    path: '/attendances',
    table: 'attendances',
    key: ['id'],
    since: true,
    columns: {
      time_from: (a) => time(a.from),
      time_to: (a) => time(a.to),
      start_at: (a) => `${day(a.date)} ${time(a.from)}`,
      end_at: (a) => `${day(a.end_date ?? a.date)} ${time(a.to)}`,
    },
  },
  { name: 'absences', path: '/absences', table: 'absences', key: ['id'], since: true },
  {
    name: 'receipts',
    path: '/receipts',
    table: 'receipts',
    key: ['id'],
    since: true,
    children: [
      {
        name: 'receipt-amounts',
        path: (r) => `/receipts/${r.id}/amounts`,
        table: 'receipt_amounts',
        key: ['id'],
        fixed: (r) => ({ receipt_id: r.id }),
        // Scaled integers (migration 2602_receipt_money): tax and quantity in 1/10^4, money in cents.
        columns: {
          tax_e4: (a) => scaled(a.tax, 4),
          quantity_e4: (a) => scaled(a.quantity, 4),
          amount_cents: (a) => scaled(a.amount, 2),
          invoicing_share_cents: (a) => scaled(a.invoicing_share, 2),
          private_share_cents: (a) => scaled(a.private_share, 2),
        },
      },
    ],
  },
];
