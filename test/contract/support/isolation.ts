// The isolation sweeps' machinery (test/contract/tenant-isolation.test.ts, foreign-references.test.ts): snapshots
// and full list reads, and which record a query parameter or body field names, derived from its name and the collections of the OpenAPI
// document, so the isolation sweep (test/contract/foreign-references.test.ts) puts another tenant's keys into every
// list filter and every body reference without a list of routes: `project_task_id` names a record of
// /projects/*/tasks, `customer_numbers[]` one of /customers, `creator_username` an employee. A name that looks like
// a reference but names no record (a free-text number, an enumeration's id) is listed in NOT_REFERENCES with the
// reason; any other unresolved id-like name fails the sweep, so a new field is classified when it is added.
import type { Client } from '../../support/app.js';
import type { World } from './robustness.js';

/** A world's view of every GET path that names a record: [status, body] per template. */
export async function snapshot(w: World, gets: string[]) {
  const out: Record<string, unknown> = {};
  for (const template of gets) {
    const r = await w.c.get(w.fill(template, w.keys(template)!));
    out[template] = [r.status, r.body];
  }
  return out;
}

/** Every item of a list, all pages. */
export async function readAll(c: Client, path: string, paginated: boolean): Promise<any[]> {
  const sep = path.includes('?') ? '&' : '?';
  if (!paginated) return (await c.get(path)).body?.data ?? [];
  const items: any[] = [];
  for (let page = 1; ; page++) {
    const r = await c.get(`${path}${sep}limit=200&page=${page}`);
    items.push(...(r.body?.data ?? []));
    if (!r.body?.meta || page >= r.body.meta.last_page) return items;
  }
}

/** A record's key as the API names it: its id, else its natural key (username, customer number, name). */
export const keyOf = (item: any): unknown => item.id ?? item.username ?? item.customer_number ?? item.name;

/** Names that look like references but hold free text or an enumeration, never a record of another resource. */
export const NOT_REFERENCES: Record<string, string> = {
  external_id: 'free text the client keeps for its own system',
  personal_number: 'free text (the employee’s own field)',
  article_number: 'free text (the article’s own field)',
  creditor_number: 'free text',
  order_number: 'free text',
  tax_number: 'free text',
  tax_id: 'free text',
  external_ticket_number: 'free text',
  oauth_username: 'free text (a login of an external system)',
  personio_id: 'free text (an id in Personio)',
  client_id: 'free text',
  issue_id: 'free text (an id in an external issue tracker)',
  status_id: "a task's status (free text, alias of status); elsewhere an enumeration",
  'factors[].activity_id':
    "an activity's internal id, which no answer shows (activities are named): the sweep has no value of A's to send; price-tables.service.ts checks it in the tenant",
};

/**
 * Addresses live inside their customer and have no collection of their own, so the seeded world has none: give the
 * world's customer an address, record it as the collection /customers/*\/addresses (which `customer_billing_address_id`,
 * `customer_shipping_address_id` and `addresses[].id` then name), and put the world's project under that customer
 * with its address and contact (and its offer under that customer with the contact), so another tenant's address
 * or contact id is checked against a customer that has its own. The contact is the seeded one of /customers/*\/contacts.
 */
export async function withCustomerParts(w: World): Promise<void> {
  const customer = w.records.get('/customers');
  const contact = w.records.get('/customers/*/contacts');
  const project = w.records.get('/projects');
  const r = await w.c.patch(`/customers/${encodeURIComponent(customer.customer_number)}`, {
    addresses: [{ name: 'Billing', city: 'Berlin' }],
  });
  if (r.status !== 200 || !r.body.data.addresses?.[0])
    throw new Error(`the world's customer takes no address: ${r.status} ${r.text.slice(0, 200)}`);
  w.records.set('/customers', r.body.data);
  w.records.set('/customers/*/addresses', r.body.data.addresses[0]);
  const address = String(r.body.data.addresses[0].id);
  const p = await w.c.patch(`/projects/${project.id}`, {
    customer_id: customer.customer_number,
    customer_contact_id: String(contact.id),
    customer_billing_address_id: address,
    customer_shipping_address_id: address,
  });
  if (p.status !== 200)
    throw new Error(`the world's project takes no customer parts: ${p.status} ${p.text.slice(0, 200)}`);
  w.records.set('/projects', p.body.data);
  const offer = w.records.get('/offers');
  if (offer && !offer.customer_id) {
    const o = await w.c.patch(`/offers/${offer.id}`, {
      customer_id: customer.customer_number,
      customer_contact_id: String(contact.id),
    });
    if (o.status !== 200) throw new Error(`the world's offer takes no customer: ${o.status} ${o.text.slice(0, 200)}`);
    w.records.set('/offers', o.body.data);
  }
}

/** Own keys: on these collections the field is the new record's key, not a reference (a top-level `id` always is). */
const OWN_KEYS: Record<string, string[]> = {
  '/customers': ['customer_number'],
  '/employees': ['username'],
  '/invoices': ['invoice_number'],
  '/vehicle-lists': ['vehicles[].id'],
};

/** Enumerations sent as `{id}` objects (`status.id`, `salutation.id`): their id is a fixed code, not a record. */
const isEnumObjectId = (path: string) => /^[a-z_A-Z]+\.id$/.test(path);

/** categories → category, addresses → address, statuses → status, tasks → task; a singular stays as it is. */
const singular = (word: string) => {
  if (/ies$/.test(word)) return word.replace(/ies$/, 'y');
  if (/(ss|us)es$/.test(word)) return word.replace(/es$/, '');
  return /(ss|us)$/.test(word) ? word : word.replace(/s$/, '');
};
const kebab = (snake: string) =>
  snake
    .replace(/([a-z])([A-Z])/g, '$1-$2')
    .replace(/_/g, '-')
    .toLowerCase();
/** The last named segment of a collection key: /projects/*\/tasks → tasks. */
const lastSegment = (collection: string) =>
  collection
    .split('/')
    .filter((s) => s && s !== '*')
    .pop() ?? '';

export interface Target {
  /** The collection the name points into, as World.records keys it (`/projects/*\/tasks`). */
  collection: string;
}

/** Is this parameter or field name shaped like a reference to a record? */
export function looksLikeReference(name: string): boolean {
  const leaf = name.replace(/\[\]/g, '').split('.').pop() ?? '';
  return /(^ids?|_ids?|_numbers?|(^|_)username)$/.test(leaf) || /^(price_group|locations)$/.test(leaf);
}

/**
 * The collection a reference names, or undefined. `name` is a query parameter (`employee_ids[]`) or a body field
 * path (`items[].project_id`, `prices[].price_group`, `managers[].username`, `locations`); `own` is the collection
 * of the operation (a list filter `id[]` and a `parent_id` name the operation's own records).
 */
export function referenceTarget(name: string, own: string, collections: string[]): Target | undefined {
  const clean = name.replace(/\[\]/g, '');
  const parts = clean.split('.');
  const leaf = parts.pop()!;
  if (leaf === 'id' && parts.length === 0) return own ? { collection: own } : undefined;
  if (/(^|_)username$/.test(leaf) || /^employees?(_ids?)?$/.test(leaf)) return find('employee', collections);
  let stem = leaf.replace(/_(ids?|numbers?)$/, '');
  if (leaf === 'id') stem = singular(parts.pop() ?? ''); // locations[].id → location
  if (stem === 'parent') return own ? { collection: own } : undefined;
  return find(singular(kebab(stem)), collections);
}

/** The collection whose last segment is `word` (plural) or ends it: project-task → /projects/*\/tasks. */
function find(word: string, collections: string[]): Target | undefined {
  const exact = collections.find((c) => singular(lastSegment(c)) === word && !c.includes('*'));
  const exactNested = collections.find((c) => singular(lastSegment(c)) === word);
  const suffix = collections
    .filter((c) => word.endsWith(`-${singular(lastSegment(c))}`))
    .sort((a, b) => lastSegment(b).length - lastSegment(a).length)[0];
  const collection = exact ?? exactNested ?? suffix;
  return collection ? { collection } : undefined;
}

/** Is `path` (a field path of an operation on collection `own`) the created record's own key? */
export const isOwnKey = (own: string, path: string) => path === 'id' || (OWN_KEYS[own] ?? []).includes(path);
/** Is this name classified as not a reference? */
export const isNotReference = (name: string) =>
  name in NOT_REFERENCES ||
  (name.replace(/\[\]/g, '').split('.').pop() ?? '') in NOT_REFERENCES ||
  isEnumObjectId(name);

/** Every string value in a world's records (for telling one tenant's values from the other's). */
export function stringsOf(world: World): Set<string> {
  const out = new Set<string>();
  const walk = (v: unknown) => {
    if (typeof v === 'string' && v.length >= 4) out.add(v);
    else if (v && typeof v === 'object') for (const x of Object.values(v)) walk(x);
  };
  for (const record of world.records.values()) walk(record);
  return out;
}

/**
 * A's values that could name its record of `collection` in a field of this schema type: its id, and its natural
 * keys (username, customer number, name) where they are A's alone (a name B's records share would name B's own).
 */
export function foreignValues(a: World, bStrings: Set<string>, collection: string, schema: any): unknown[] {
  const record = a.records.get(collection);
  if (!record) return [];
  const types = [schema?.type].flat();
  const numeric = types.includes('integer') || types.includes('number');
  const out: unknown[] = [];
  if (typeof record.id === 'number') out.push(numeric ? record.id : String(record.id));
  if (!numeric || types.includes('string')) {
    for (const key of ['username', 'customer_number', 'name', 'id']) {
      const v = record[key];
      if (typeof v === 'string' && !bStrings.has(v) && !out.includes(v)) out.push(v);
    }
  }
  return out;
}

export interface Field {
  /** `items[].project_id`: dots into objects, [] into array items. */
  path: string;
  schema: any;
}

/** Every property of a body schema, nested ones included, with its path. */
export function fieldsOf(schema: any, prefix = ''): Field[] {
  if (!schema) return [];
  const out: Field[] = [];
  for (const alt of [...(schema.anyOf ?? []), ...(schema.oneOf ?? []), ...(schema.allOf ?? [])])
    out.push(...fieldsOf(alt, prefix));
  for (const [name, prop] of Object.entries<any>(schema.properties ?? {})) {
    const path = prefix ? `${prefix}.${name}` : name;
    const items = prop.items ?? prop.anyOf?.find((x: any) => x.items)?.items;
    out.push({
      path: items && !items.properties ? `${path}[]` : path,
      schema: items && !items.properties ? items : prop,
    });
    if (prop.properties) out.push(...fieldsOf(prop, path));
    if (items?.properties) out.push(...fieldsOf(items, `${path}[]`));
  }
  const seen = new Set<string>();
  return out.filter((f) => !seen.has(f.path) && seen.add(f.path));
}

/**
 * A copy of `body` with the field at `path` set to `value`; array items are changed on the body's first item, and
 * a value for an array of keys is added to the keys the body already holds (`locations: [B's, A's]`), so a check
 * that looks at the first element only is caught.
 */
export function withField(body: Record<string, unknown>, path: string, value: unknown): Record<string, unknown> {
  const copy = structuredClone(body);
  const steps = path.split('.');
  let node: any = copy;
  for (let i = 0; i < steps.length; i++) {
    const isArray = steps[i].endsWith('[]');
    const key = steps[i].replace('[]', '');
    const last = i === steps.length - 1;
    if (last && isArray) node[key] = [...(Array.isArray(node[key]) ? node[key] : []), value];
    else if (last) node[key] = value;
    else if (isArray) {
      const first = Array.isArray(node[key]) && node[key][0] && typeof node[key][0] === 'object' ? node[key][0] : {};
      node[key] = [first];
      node = first;
    } else node = node[key] && typeof node[key] === 'object' ? node[key] : (node[key] = {});
  }
  return copy;
}
