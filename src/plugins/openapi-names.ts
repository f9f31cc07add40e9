// Named component schemas. Every TypeBox schema a module exports from its <r>.schemas.ts is titled
// with its export name (`Customer`, `CustomerCreate`, …); the OpenAPI document then shows each titled schema
// once under components/schemas and refers to it by $ref (openapi-document.ts). A new module gets its names by
// the file convention alone. Titles change neither validation nor serialisation.
import fs from 'node:fs';
import { Kind } from '@sinclair/typebox';

const isSchema = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && Kind in value;
const pascal = (folder: string) => folder.replace(/(^|-)([a-z])/g, (_m, _d, c: string) => c.toUpperCase());
/** Structure without titles, keys in order: the same schema exported by two modules is one component. */
export const shape = (schema: unknown) =>
  JSON.stringify(schema, (key, value) => {
    if (key === 'title') return undefined;
    return value && typeof value === 'object' && !Array.isArray(value)
      ? Object.fromEntries(Object.entries(value).sort(([a], [b]) => a.localeCompare(b)))
      : value;
  });

/** Title the schemas `exports` holds; a name another module already gave to a different schema gets the folder as prefix. */
export function nameSchemas(exports: Record<string, unknown>, folder: string, taken: Map<string, string>): void {
  for (const [name, schema] of Object.entries(exports)) {
    if (!/^[A-Z][A-Za-z0-9]*$/.test(name) || !isSchema(schema) || schema.title !== undefined) continue;
    const structure = shape(schema);
    const prefixed = name.startsWith(pascal(folder)) ? name : `${pascal(folder)}${name}`;
    const title = taken.get(name) === undefined || taken.get(name) === structure ? name : prefixed;
    taken.set(title, structure);
    schema.title = title;
  }
}

const SCHEMA_FILE = /^[^.]+\.schemas\.(js|ts)$/;

/** Title the exported schemas of every modules/<folder>/*.schemas.(ts|js), in a stable order. */
export async function nameModuleSchemas(modulesDir: URL): Promise<void> {
  const taken = new Map<string, string>();
  const folders = fs
    .readdirSync(modulesDir, { withFileTypes: true })
    .filter((d) => d.isDirectory())
    .map((d) => d.name)
    .sort();
  for (const folder of folders) {
    const files = fs
      .readdirSync(new URL(`${folder}/`, modulesDir))
      .filter((f) => SCHEMA_FILE.test(f))
      .sort();
    for (const file of files) nameSchemas(await import(new URL(`${folder}/${file}`, modulesDir).href), folder, taken);
  }
}
