// The /docs page loads one small document per group of tags instead of the whole API: Swagger UI's
// first render costs about as much as the document it resolves, so the page opens on one group (Customers and
// projects) and the definition selector in its top bar switches to another group or to all operations. Every
// group document is derived here, in one place, from the 3.0 rendition the page reads: the group's operations,
// their tags, and only the components they reach through $ref.
type Json = Record<string, any>;

/**
 * The groups, in the order of the page's definition selector; the first is the one the page opens on. The tags of a
 * group are declared by the modules: `docsTags` in src/modules/<folder>/index.ts.
 */
export const DOCS_GROUPS = [
  { slug: 'customers-projects', name: 'Customers and projects' },
  { slug: 'time', name: 'Time: attendances, absences, planning' },
  { slug: 'organisation', name: 'Employees and organisation' },
  { slug: 'billing', name: 'Billing: invoices, offers, receipts, prices' },
  { slug: 'tickets-documents', name: 'Tickets and documents' },
  { slug: 'integration', name: 'Integration: change feed, webhooks' },
] as const;

/** The /docs group of each OpenAPI tag (tag → group slug). */
export type DocsTags = Readonly<Record<string, (typeof DOCS_GROUPS)[number]['slug']>>;

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
export function groupDocuments(doc: Json, docsTags: DocsTags): Map<string, { name: string; doc: Json }> {
  return new Map(
    DOCS_GROUPS.map((g) => {
      const tags = new Set(Object.keys(docsTags).filter((tag) => docsTags[tag] === g.slug));
      return [g.slug, { name: g.name, doc: narrowToTags(doc, tags, `${doc.info?.title ?? 'API'} — ${g.name}`) }];
    }),
  );
}
