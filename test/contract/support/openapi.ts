// The sweeps read the OpenAPI document as plain data: every local $ref replaced by what it names, a schema
// written as allOf named schemas (ProjectCreate = allOf ProjectUpdate + required) merged into one object, and the
// parameters a path item declares for all its operations (its path parameters) listed in each operation.
type Json = Record<string, any>;

function merge(schema: Json): Json {
  const { allOf, ...rest } = schema;
  const out: Json = { ...rest, properties: { ...(rest.properties ?? {}) }, required: [...(rest.required ?? [])] };
  for (const part of allOf as Json[]) {
    // A property both declare: the part's schema with the narrowing keywords of the outer one on top.
    for (const [k, v] of Object.entries<Json>(part.properties ?? {}))
      out.properties[k] = { ...v, ...(out.properties[k] ?? {}) };
    for (const r of part.required ?? []) if (!out.required.includes(r)) out.required.push(r);
    for (const [k, v] of Object.entries(part))
      if (!['properties', 'required', 'title'].includes(k) && !(k in out)) out[k] = v;
  }
  return out;
}

const METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'];

/** Each operation with the path item's parameters first (OpenAPI: an operation's own parameter of the same name and place wins). */
function mergePathParameters(doc: Json): Json {
  const paths = Object.fromEntries(
    Object.entries<Json>(doc.paths ?? {}).map(([path, item]) => {
      const { parameters: shared, ...rest } = item;
      if (!shared) return [path, item];
      const ops = Object.fromEntries(
        Object.entries<Json>(rest).map(([m, op]) => {
          if (!METHODS.includes(m)) return [m, op];
          const own: Json[] = op.parameters ?? [];
          const key = (p: Json) => `${p.in} ${p.name}`;
          const parameters = [...shared.filter((p: Json) => !own.some((q) => key(q) === key(p))), ...own];
          return [m, { ...op, parameters }];
        }),
      );
      return [path, ops];
    }),
  );
  return { ...doc, paths };
}

/** A copy of `doc` without $ref and allOf, path-item parameters merged into each operation. */
export function dereference(doc: Json): Json {
  return mergePathParameters(resolveRefs(doc));
}

function resolveRefs(doc: Json): Json {
  const seen = new Map<string, unknown>();
  const resolve = (node: unknown): unknown => {
    if (Array.isArray(node)) return node.map(resolve);
    if (!node || typeof node !== 'object') return node;
    const n = node as Json;
    if (typeof n.$ref === 'string' && n.$ref.startsWith('#/')) {
      if (!seen.has(n.$ref)) {
        const target = n.$ref
          .slice(2)
          .split('/')
          .reduce((o: Json, key: string) => o?.[key], doc);
        seen.set(n.$ref, resolve(target));
      }
      return seen.get(n.$ref);
    }
    const copy = Object.fromEntries(Object.entries(n).map(([k, v]) => [k, resolve(v)]));
    return Array.isArray(copy.allOf) ? merge(copy) : copy;
  };
  return resolve(doc) as Json;
}
