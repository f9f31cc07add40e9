// The OpenAPI 3.0 rendition of a 3.1 document (/openapi/full-3.0.json) for older client generators.
// The documents use few 3.1 features and each has a 3.0 form with the same meaning: type arrays become `type` +
// `nullable` (or `anyOf` single types for mixed types), `examples` arrays `example`, numeric exclusive bounds the
// boolean form, `const` a one-value enum.
type Json = Record<string, any>;

/** The schema, also accepting null: `nullable` beside each `type` (3.0 wants the two together). */
function withNull(schema: Json): Json {
  if (schema.type !== undefined) return { ...schema, nullable: true };
  if (Array.isArray(schema.anyOf)) return { ...schema, anyOf: schema.anyOf.map(withNull) };
  if (Array.isArray(schema.oneOf)) return { ...schema, oneOf: schema.oneOf.map(withNull) };
  return { allOf: [schema], nullable: true };
}

function convertSchemaKeywords(node: Json): Json {
  const out: Json = { ...node };
  if (Array.isArray(out.type)) {
    const types = out.type.filter((t: string) => t !== 'null');
    const nullable = types.length < out.type.length ? { nullable: true } : {};
    if (types.length === 1) Object.assign(out, { type: types[0] }, nullable);
    else {
      delete out.type;
      out.anyOf = types.map((t: string) => ({
        type: t,
        ...(t === 'array' && out.items ? { items: out.items } : {}),
        ...nullable,
      }));
      if (types.includes('array')) delete out.items;
    }
  }
  if (Array.isArray(out.anyOf) && out.anyOf.some((s: Json) => s?.type === 'null')) {
    const branches = out.anyOf.filter((s: Json) => s?.type !== 'null').map(withNull);
    delete out.anyOf;
    if (branches.length === 1) Object.assign(out, branches[0]);
    else out.anyOf = branches;
  }
  if (Array.isArray(out.examples)) {
    if (out.example === undefined && out.examples.length > 0) out.example = out.examples[0];
    delete out.examples;
  }
  for (const [bound, flag] of [
    ['exclusiveMinimum', 'minimum'],
    ['exclusiveMaximum', 'maximum'],
  ] as const) {
    if (typeof out[bound] === 'number') {
      out[flag] = out[bound];
      out[bound] = true;
    }
  }
  if (out.const !== undefined) {
    out.enum = [out.const];
    delete out.const;
  }
  return out;
}

function convert(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(convert);
  if (!node || typeof node !== 'object') return node;
  const converted = convertSchemaKeywords(node as Json);
  return Object.fromEntries(Object.entries(converted).map(([k, v]) => [k, convert(v)]));
}

export function toOpenApi30(doc: Json): Json {
  return { ...(convert(doc) as Json), openapi: '3.0.3' };
}
