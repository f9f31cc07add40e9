// Tenant isolation through references, generic over the OpenAPI document: tenant B names tenant A's records in
// every id-like list filter (arrays included) and in every reference field of every write body (nested items
// included). Lists answer none of A's records; writes are refused with 404 or 422 and store nothing; no answer
// holds a value of A's. Which record a name refers to is derived from the name (support/isolation.ts), so a new
// filter or body field is swept as soon as it is in the document.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { forEachDialect, type Response } from '../support/app.js';
import {
  fieldsOf,
  foreignValues,
  isNotReference,
  isOwnKey,
  keyOf,
  looksLikeReference,
  readAll,
  referenceTarget,
  snapshot,
  stringsOf,
  withCustomerParts,
  withField,
} from './support/isolation.js';
import { listEndpoints } from './support/list-endpoints.js';
import {
  bodySchema,
  collectionOf,
  describe,
  loadOperations,
  pathParams,
  seedWorld,
  send,
  SWEEP_CONFIG,
  type World,
} from './support/robustness.js';

/** Two tenants with one record per resource; A's string values that B does not share (its "secrets"). */
async function worlds(t: Parameters<Parameters<typeof forEachDialect>[1]>[0]) {
  const a = await seedWorld(t());
  const b = await seedWorld(t());
  const doc = (await t().inject({ method: 'GET', url: '/openapi/full.json' })).body;
  await recordFromLists(a, doc);
  await recordFromLists(b, doc);
  await withCustomerParts(a);
  await withCustomerParts(b);
  const bStrings = stringsOf(b);
  const aStrings = stringsOf(a);
  // Dates and times are not A's data: B's records made in the same second carry the same timestamp.
  const secrets = [...aStrings].filter(
    (s) => !bStrings.has(s) && !/^\d{4}-\d{2}-\d{2}([T ][\d:.]+(Z|[+-]\d{2}:?\d{2})?)?$|^\d{2}:\d{2}(:\d{2})?$/.test(s),
  );
  return { a, b, doc, aStrings, bStrings, secrets, collections: [...a.records.keys()] };
}

/** Collections made by another route (vehicles, by vehicle lists): their list's first item is the world's record. */
async function recordFromLists(w: World, doc: unknown) {
  for (const route of listEndpoints(doc)) {
    const collection = collectionOf(route.path);
    const params = w.keys(route.path);
    if (w.records.has(collection) || !params) continue;
    const first = (await w.c.get(w.fill(route.path, params))).body?.data?.[0];
    if (first && typeof first === 'object') w.records.set(collection, first);
  }
}

/** A write's answer refuses it: 404 or 422, or a bulk answer (200) whose every result is 404 or 422. */
const refused = (r: Response) =>
  r.status === 404 ||
  r.status === 422 ||
  (r.status === 200 &&
    Array.isArray(r.body?.results) &&
    r.body.results.every((x: any) => x.status === 404 || x.status === 422));

/** The field errors of a refusal (of the first result, for a bulk answer) name a step of the field's path. */
function namesField(r: Response, path: string): boolean {
  const steps = path.replace(/\[\]/g, '').split('.');
  const keys = Object.keys(r.body?.errors ?? r.body?.results?.[0]?.errors ?? {});
  return keys.some((k) => steps.some((step) => k.split('.').includes(step)));
}

/**
 * The body an update sends around the reference: nothing for a top-level field; for a field inside array items
 * (`prices[].price_group`), that array as the create's baseline fills it, so the item's other required fields are valid.
 */
async function updateBase(b: World, template: string, path: string): Promise<Record<string, unknown>> {
  const array = /^([^.[]+)\[\]\./.exec(path)?.[1];
  const created = array ? await b.baseline(template.replace(/\/\{[^}]+\}$/, '')) : undefined;
  return created?.[array!] !== undefined ? { [array!]: created[array!] } : {};
}

/**
 * For a reference into a nested collection (`customer_billing_address_id` → /customers/*\/addresses), the body names
 * B's own parent as B's record of the written collection does (customer_id of B's project), so A's id is checked
 * against a parent that has children of its own, not refused only because the body names no parent.
 */
function withOwnParent(
  body: Record<string, unknown>,
  b: World,
  own: string,
  collection: string,
  fields: { path: string }[],
  collections: string[],
) {
  const parent = collection.split('/*')[0];
  if (parent === collection) return body;
  const field = fields.find(
    (f) =>
      /^\w+$/.test(f.path) &&
      looksLikeReference(f.path) &&
      referenceTarget(f.path, own, collections)?.collection === parent,
  );
  const value = field && b.records.get(own)?.[field.path];
  return field && value !== undefined && value !== null && body[field.path] === undefined
    ? withField(body, field.path, value)
    : body;
}

/** A's values found in A's own list under the filter's field (`employee_ids[]` → employee_id): A's filter finds them. */
function valuesFromItems(items: any[], filter: string, bStrings: Set<string>): unknown[] {
  const leaf = filter.replace(/\[\]$/, '');
  const field = [leaf, leaf.replace(/s$/, '')].find((f) => items.some((i) => i?.[f] !== undefined && i?.[f] !== null));
  const value = field && items.find((i) => i?.[field] !== undefined && i?.[field] !== null)?.[field];
  return value === undefined || typeof value === 'object' || (typeof value === 'string' && bStrings.has(value))
    ? []
    : [value];
}

/** A's values (other than the ones the request itself sent) that appear as JSON strings in an answer. */
const secretsIn = (r: Response, secrets: string[], sent: unknown[]) =>
  secrets.filter((s) => !sent.includes(s) && r.text.includes(JSON.stringify(s)));

/** A report line for the figures of `npm run reliability`. */
const figure = (label: string, counts: Record<string, number>) =>
  console.log(`# figure ${label}: ${JSON.stringify(counts)}`);

/** Items of B's lists (every list of the document) that hold one of A's values or name one of A's records. */
async function storedForeignReferences(a: World, b: World, doc: unknown, secrets: string[]): Promise<string[]> {
  const collections = [...a.records.keys()];
  const found: string[] = [];
  for (const route of listEndpoints(doc)) {
    const own = collectionOf(route.path);
    for (const item of await readAll(b.c, b.fill(route.path, b.keys(route.path)!), route.paginated)) {
      const text = JSON.stringify(item);
      const names = Object.entries<unknown>(item).filter(([key, value]) => {
        if (!looksLikeReference(key) || isNotReference(key) || key === 'id') return false;
        const target = referenceTarget(key, own, collections);
        const record = target && a.records.get(target.collection);
        return record && value !== null && [record.id, String(record.id)].includes(value as never);
      });
      if (names.length > 0 || secrets.some((s) => text.includes(JSON.stringify(s))))
        found.push(`${route.path}: ${text.slice(0, 200)}`);
    }
  }
  return found;
}

forEachDialect(
  'foreign references',
  (t) => {
    test("another tenant's ids in every id-like list filter return none of its records", async () => {
      const { a, b, doc, aStrings, bStrings, secrets, collections } = await worlds(t);
      const problems: string[] = [];
      const counts = { filters: 0, requests: 0, proven: 0 };
      for (const route of listEndpoints(doc)) {
        const own = collectionOf(route.path);
        for (const filter of route.filters) {
          if (!looksLikeReference(filter.name) || isNotReference(filter.name)) continue;
          const target = referenceTarget(filter.name, own, collections);
          if (!target) {
            problems.push(`${route.path}?${filter.name}: names no collection (classify it in support/isolation.ts)`);
            continue;
          }
          const aAll = await readAll(a.c, a.fill(route.path, a.keys(route.path)!), route.paginated);
          const bAll = await readAll(b.c, b.fill(route.path, b.keys(route.path)!), route.paginated);
          const values = [
            ...new Set([
              ...valuesFromItems(aAll, filter.name, bStrings),
              ...foreignValues(a, bStrings, target.collection, filter.schema.items ?? filter.schema),
            ]),
          ];
          if (values.length === 0)
            problems.push(`${route.path}?${filter.name}: A has no record of ${target.collection}`);
          counts.filters++;
          for (const value of values) {
            // An array filter gets B's own value first as well, so a check of the first element only is caught.
            const bOwn = filter.name.endsWith('[]') ? valuesFromItems(bAll, filter.name, aStrings) : [];
            const query = [...bOwn, value].map((v) => `${filter.name}=${encodeURIComponent(String(v))}`).join('&');
            const aItems = await readAll(a.c, `${a.fill(route.path, a.keys(route.path)!)}?${query}`, route.paginated);
            const aKeys = new Set(aItems.map(keyOf));
            const r = await b.c.get(
              `${b.fill(route.path, b.keys(route.path)!)}?${query}${route.paginated ? '&limit=200' : ''}`,
            );
            counts.requests++;
            if (aItems.length > 0) counts.proven++;
            const label = `GET ${route.path}?${query} as B`;
            if (r.status >= 500 || (r.status >= 400 && typeof r.body?.message !== 'string'))
              problems.push(`${label} -> ${r.status} ${r.text.slice(0, 200)}`);
            const leaked = (r.status === 200 ? (r.body?.data ?? []) : []).filter((item: any) => aKeys.has(keyOf(item)));
            if (leaked.length > 0) problems.push(`${label} lists A's ${JSON.stringify(leaked[0]).slice(0, 200)}`);
            const seen = secretsIn(r, secrets, values);
            if (seen.length > 0) problems.push(`${label} answers A's values ${seen.join(', ')}`);
          }
        }
      }
      figure('filters', counts);
      assert.deepEqual(problems, []);
      assert.ok(counts.filters >= 20, `the sweep saw ${counts.filters} reference filters`);
      // A proven filter finds A's record when A uses it: the value really names something, so B's empty answer counts.
      assert.ok(
        counts.proven >= counts.filters / 2,
        `only ${counts.proven} of ${counts.requests} filter values find A's records for A`,
      );
    });

    test("another tenant's ids in every reference of every write body are refused with 404 or 422 and store nothing", async () => {
      const { a, b, doc, bStrings, secrets, collections } = await worlds(t);
      const ops = (await loadOperations(t())).filter(
        (o) => ['POST', 'PUT', 'PATCH'].includes(o.method) && bodySchema(o),
      );
      const gets = (await loadOperations(t()))
        .filter((o) => o.method === 'GET' && pathParams(o.template).length > 0)
        .map((o) => o.template);
      const [aBefore, bBefore] = [await snapshot(a, gets), await snapshot(b, gets)];
      const problems: string[] = [];
      const counts = { fields: 0, requests: 0 };
      for (const o of ops) {
        const creates = o.method === 'POST';
        // The collection the operation writes: POST /projects/{id}/tasks → /projects/*/tasks, PATCH /projects/{id} → /projects.
        const own = collectionOf(creates ? o.template : o.template.replace(/\/\{[^}]+\}$/, ''));
        const params = b.keys(o.template);
        if (!params) {
          problems.push(`${o.method} ${o.template}: B has no record to fill the path`);
          continue;
        }
        for (const field of fieldsOf(bodySchema(o))) {
          if (!looksLikeReference(field.path) || isOwnKey(own, field.path) || isNotReference(field.path)) continue;
          const target = referenceTarget(field.path, own, collections);
          if (!target) {
            problems.push(
              `${o.method} ${o.template} body ${field.path}: names no collection (classify it in support/isolation.ts)`,
            );
            continue;
          }
          counts.fields++;
          const values = foreignValues(a, bStrings, target.collection, field.schema);
          if (values.length === 0)
            problems.push(`${o.method} ${o.template} body ${field.path}: A has no record of ${target.collection}`);
          for (const value of values) {
            const base = creates ? ((await b.baseline(o.template)) ?? {}) : await updateBase(b, o.template, field.path);
            const body = withField(
              withOwnParent(base, b, own, target.collection, fieldsOf(bodySchema(o)), collections),
              field.path,
              value,
            );
            const r = await send(b.c, o.method, b.fill(o.template, params), JSON.stringify(body));
            counts.requests++;
            const label = `${o.method} ${o.template} as B with ${field.path}=${describe(value)} (A's ${target.collection})`;
            // Signing in (security: []) refuses any unknown person with the same 401: nothing tells who exists.
            if (o.op.security?.length === 0 && r.status === 401) continue;
            if (!refused(r)) problems.push(`${label} -> ${r.status} ${r.text.slice(0, 200)}`);
            // A refusal proves something only when it is about this field: 404, or a field error on one of its steps.
            else if (r.status !== 404 && !namesField(r, field.path))
              problems.push(`${label} was refused for another field: ${r.text.slice(0, 200)}`);
            const seen = secretsIn(r, secrets, values);
            if (seen.length > 0) problems.push(`${label} answers A's values ${seen.join(', ')}`);
          }
        }
      }
      figure('bodies', counts);
      assert.deepEqual(problems, []);
      assert.ok(counts.fields >= 60, `the sweep saw ${counts.fields} reference fields`);
      assert.deepEqual(await snapshot(a, gets), aBefore, "A's records are unchanged");
      assert.deepEqual(
        await snapshot(b, gets),
        bBefore,
        "B's records are unchanged: no refused update stored anything",
      );
      assert.deepEqual(await storedForeignReferences(a, b, doc, secrets), [], "no list of B's holds a value of A's");
    });
  },
  SWEEP_CONFIG,
);
