// The sweeps read the OpenAPI document as plain data: every local $ref replaced by what it names, and a schema
// written as allOf named schemas (ProjectCreate = allOf ProjectUpdate + required) merged into one object.
type Json = Record<string, any>;

function merge(schema: Json): Json {
  const { allOf, ...rest } = schema;
  const out: Json = { ...rest, properties: { ...(rest.properties ?? {}) }, required: [...(rest.required ?? [])] };
  for (const part of allOf as Json[]) {
    Object.assign(out.properties, part.properties ?? {});
    for (const r of part.required ?? []) if (!out.required.includes(r)) out.required.push(r);
    for (const [k, v] of Object.entries(part)) if (!['properties', 'required', 'title'].includes(k) && !(k in out)) out[k] = v;
  }
  return out;
}

/** A copy of `doc` without $ref and allOf. */
export function dereference(doc: Json): Json {
  const seen = new Map<string, unknown>();
  const resolve = (node: unknown): unknown => {
    if (Array.isArray(node)) return node.map(resolve);
    if (!node || typeof node !== 'object') return node;
    const n = node as Json;
    if (typeof n.$ref === 'string' && n.$ref.startsWith('#/')) {
      if (!seen.has(n.$ref)) {
        const target = n.$ref.slice(2).split('/').reduce((o: Json, key: string) => o?.[key], doc);
        seen.set(n.$ref, resolve(target));
      }
      return seen.get(n.$ref);
    }
    const copy = Object.fromEntries(Object.entries(n).map(([k, v]) => [k, resolve(v)]));
    return Array.isArray(copy.allOf) ? merge(copy) : copy;
  };
  return resolve(doc) as Json;
}
