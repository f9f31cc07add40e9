// The /docs page loads one small document per group of tags instead of the whole API: Swagger UI's
// first render costs about as much as the document it resolves, so the page opens on one group (Customers and
// projects) and the definition selector in its top bar switches to another group or to all operations. Every
// group document is derived here, in one place, from the 3.0 rendition the page reads: the group's operations,
// their tags, and only the components they reach through $ref.
type Json = Record<string, any>;

/** The groups, in the order of the page's definition selector; the first is the one the page opens on. */
export const DOCS_GROUPS: { slug: string; name: string; tags: string[] }[] = [
  {
    slug: 'customers-projects',
    name: 'Customers and projects',
    tags: [
      'Customers',
      'Customer contacts',
      'Projects',
      'Project activities',
      'Project employees',
      'Project locations',
      'Project price tables',
      'Project statuses',
      'Project tasks',
      'Activities',
      'Categories',
      'Dynamic attributes',
    ],
  },
  {
    slug: 'time',
    name: 'Time: attendances, absences, planning',
    tags: [
      'Attendances',
      'Absences',
      'Absence reasons',
      'Booking settings',
      'Month closings',
      'Working-time balances',
      'Plannings',
      'Regular working times',
      'Employment periods',
      'Employee meals',
    ],
  },
  {
    slug: 'organisation',
    name: 'Employees and organisation',
    tags: [
      'Employees',
      'Departments',
      'Holiday calendars',
      'Locations',
      'Devices',
      'Transponders',
      'Vehicles',
      'Internal rates',
    ],
  },
  {
    slug: 'billing',
    name: 'Billing: invoices, offers, receipts, prices',
    tags: [
      'Invoices',
      'Invoice items',
      'Invoice attachments',
      'Offers',
      'Offer items',
      'Articles',
      'Price groups',
      'Price tables',
      'Receipts',
      'Receipt types',
      'Receipt attachments',
    ],
  },
  {
    slug: 'tickets-documents',
    name: 'Tickets and documents',
    tags: ['Tickets', 'Ticket subtasks', 'Ticket attachments', 'Folders', 'Folder documents'],
  },
  { slug: 'integration', name: 'Integration: change feed, webhooks', tags: ['Changes', 'Webhooks'] },
];

const METHODS = ['get', 'post', 'put', 'patch', 'delete', 'head', 'options'];

/** Every `#/components/<kind>/<name>` reference below a node. */
function collectRefs(node: unknown, found: Set<string>): void {
  if (!node || typeof node !== 'object') return;
  if (Array.isArray(node)) {
    for (const child of node) collectRefs(child, found);
    return;
  }
  for (const [key, value] of Object.entries(node as Json)) {
    if (key === '$ref' && typeof value === 'string' && value.startsWith('#/components/')) found.add(value);
    else collectRefs(value, found);
  }
}

/** The document narrowed to the operations whose first tag is one of `tags`, with only the components they reach. */
export function narrowToTags(doc: Json, tags: Set<string>, title: string): Json {
  const paths: Json = {};
  for (const [path, item] of Object.entries<Json>(doc.paths ?? {})) {
    const kept = Object.fromEntries(
      Object.entries<Json>(item).filter(([m, op]) => !METHODS.includes(m) || tags.has(op.tags?.[0])),
    );
    if (METHODS.some((m) => kept[m])) paths[path] = kept;
  }
  // The components reached from the paths, following references between components to the end.
  const refs = new Set<string>();
  collectRefs(paths, refs);
  const components: Json = { securitySchemes: doc.components?.securitySchemes };
  const pending = [...refs];
  while (pending.length) {
    const ref = pending.pop()!;
    const [, , kind, name] = ref.split('/');
    const target = doc.components?.[kind]?.[name];
    if (target === undefined || components[kind]?.[name] !== undefined) continue;
    (components[kind] ??= {})[name] = target;
    const inner = new Set<string>();
    collectRefs(target, inner);
    for (const r of inner) if (!refs.has(r)) (refs.add(r), pending.push(r));
  }
  for (const kind of Object.keys(components)) if (components[kind] === undefined) delete components[kind];
  return {
    ...doc,
    info: { ...doc.info, title },
    tags: (doc.tags ?? []).filter((t: Json) => tags.has(t.name)),
    paths,
    components,
  };
}

/** One document per group (slug → name and document). A tag in no group is still in "All operations" (the full
 * document); test/docs/docs-page.test.ts fails until it is given a group. */
export function groupDocuments(doc: Json): Map<string, { name: string; doc: Json }> {
  return new Map(
    DOCS_GROUPS.map((g) => [
      g.slug,
      { name: g.name, doc: narrowToTags(doc, new Set(g.tags), `${doc.info?.title ?? 'API'} — ${g.name}`) },
    ]),
  );
}
