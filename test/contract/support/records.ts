// Every record of a tenant as the API shows it, for the change-feed sweeps: the record collections are derived from
// the OpenAPI document (a list GET whose path has a detail GET below it), nested ones walked per parent record, every
// page read; each record keyed as the feed keys it (its type: the detail path's static segments; its key: the path
// values). Where a list item is not the detail answer, the detail is read as well.
import type { Client } from '../../support/app.js';

type Json = Record<string, any>;

export interface Collection {
  /** '/customers/{customer_number}/contacts' */
  list: string;
  /** '/customers/{customer_number}/contacts/{id}' */
  detail: string;
  /** The feed type: 'customers/contacts'. */
  type: string;
  /** The parent collection's list path (nested collections), whose record keys fill the list path's parameters. */
  parent?: string;
  /** The list item is not the detail answer: read each record's detail too. */
  detailDiffers: boolean;
  /** The list takes modified_after. */
  modifiedAfter: boolean;
}

export interface RecordView {
  type: string;
  key: string;
  collection: Collection;
  /** The list item and (when it differs) the detail answer's data. */
  item: Json;
  detail?: Json;
  /** The record's detail URL. */
  url: string;
}

/** 'type key' → record. */
export type Snapshot = Map<string, RecordView>;

const staticSegments = (path: string) =>
  path
    .split('/')
    .filter((s) => s && !s.startsWith('{'))
    .join('/');
const deref = (doc: Json, s: Json | undefined): Json | undefined => {
  for (let n = 0; s && n < 10; n++) {
    if (typeof s.$ref !== 'string') return s;
    s = doc.components?.schemas?.[s.$ref.split('/').pop()!];
  }
  return undefined;
};
const dataSchema = (doc: Json, op: Json | undefined): Json | undefined => {
  let response = op?.responses?.['200'];
  if (typeof response?.$ref === 'string') response = doc.components?.responses?.[response.$ref.split('/').pop()!];
  const s = deref(doc, response?.content?.['application/json']?.schema);
  return s?.properties?.data;
};

/** The record collections of the document, parents first; `skip` leaves types out (e.g. computed views). */
export function collections(doc: Json, skip: readonly string[] = []): Collection[] {
  const out: Collection[] = [];
  for (const [path, item] of Object.entries<Json>(doc.paths)) {
    if (!item.get || path.endsWith('}')) continue;
    const detail = Object.keys(doc.paths).find(
      (p) =>
        p.startsWith(`${path}/{`) && p.endsWith('}') && !p.slice(path.length + 2).includes('/') && doc.paths[p].get,
    );
    if (!detail) continue;
    const type = staticSegments(detail);
    if (skip.includes(type)) continue;
    const listItem = dataSchema(doc, item.get)?.items;
    const detailData = dataSchema(doc, doc.paths[detail].get);
    const params = [...(item.parameters ?? []), ...(item.get.parameters ?? [])].map((p: Json) =>
      p.$ref ? doc.components.parameters[p.$ref.split('/').pop()] : p,
    );
    const segments = path.split('/');
    const lastParam = segments
      .map((s, i) => (s.startsWith('{') ? i : -1))
      .filter((i) => i >= 0)
      .at(-1);
    out.push({
      list: path,
      detail,
      type,
      parent: lastParam === undefined ? undefined : segments.slice(0, lastParam).join('/'),
      detailDiffers: JSON.stringify(listItem) !== JSON.stringify(detailData),
      modifiedAfter: params.some((p: Json) => p.in === 'query' && p.name === 'modified_after'),
    });
  }
  return out.sort(
    (a, b) => Number(a.parent !== undefined) - Number(b.parent !== undefined) || a.list.localeCompare(b.list),
  );
}

/** Every item of a list, all pages. */
export async function readAll(c: Client, url: string): Promise<Json[]> {
  const items: Json[] = [];
  for (let page = 1; ; page++) {
    const r = await c.get(`${url}${url.includes('?') ? '&' : '?'}limit=200&page=${page}`);
    if (r.status !== 200) throw new Error(`GET ${url}: ${r.status} ${r.text.slice(0, 300)}`);
    items.push(...r.body.data);
    const last = r.body.meta?.last_page;
    if (last === undefined || page >= last) return items;
  }
}

const KEY_FIELDS = (param: string) => [param, `${param}_number`, 'id', 'name', 'username', 'code'];

/** Reads records; remembers per collection which item field holds the record's key (probed once). */
export class RecordReader {
  readonly #keyField = new Map<string, string>();

  constructor(
    private readonly c: Client,
    readonly collections: readonly Collection[],
  ) {}

  async #field(col: Collection, url: string, item: Json): Promise<string> {
    const known = this.#keyField.get(col.list);
    if (known) return known;
    const param = col.detail.slice(col.detail.lastIndexOf('{') + 1, -1);
    for (const f of KEY_FIELDS(param)) {
      if (typeof item[f] !== 'string' && typeof item[f] !== 'number') continue;
      if ((await this.c.get(`${url}/${encodeURIComponent(String(item[f]))}`)).status === 200) {
        this.#keyField.set(col.list, f);
        return f;
      }
    }
    throw new Error(`no key field for ${col.list} in ${JSON.stringify(item).slice(0, 200)}`);
  }

  /** Collections whose list items were compared with their details (a list may leave fields of the detail out). */
  readonly #probed = new Set<string>();

  /** The records of one collection below these parent keys. */
  async #read(col: Collection, parentKey: string[], out: Snapshot): Promise<void> {
    let i = 0;
    const url = col.list.replace(/\{[^}]+\}/g, () => encodeURIComponent(parentKey[i++]));
    for (const item of await readAll(this.c, url)) {
      const field = await this.#field(col, url, item);
      const key = [...parentKey, String(item[field])].join('/');
      const detailUrl = `${url}/${encodeURIComponent(String(item[field]))}`;
      const view: RecordView = { type: col.type, key, collection: col, item, url: detailUrl };
      if (!col.detailDiffers && !this.#probed.has(col.list)) {
        this.#probed.add(col.list);
        const { file_contents: _skip, ...detail } = (await this.c.get(detailUrl)).body.data;
        if (JSON.stringify(detail) !== JSON.stringify(item)) col.detailDiffers = true;
      }
      if (col.detailDiffers) {
        const r = await this.c.get(detailUrl);
        if (r.status !== 200) throw new Error(`GET ${detailUrl}: ${r.status}`);
        view.detail = r.body.data;
      }
      out.set(`${col.type} ${key}`, view);
    }
  }

  async snapshot(): Promise<Snapshot> {
    const out: Snapshot = new Map();
    for (const col of this.collections) {
      if (!col.parent) {
        await this.#read(col, [], out);
        continue;
      }
      const parent = this.collections.find((p) => p.list === col.parent);
      if (!parent) continue;
      for (const r of [...out.values()].filter((v) => v.collection === parent))
        await this.#read(col, r.key.split('/'), out);
    }
    return out;
  }
}

/** JSON of a record without `modified` (and plannings' `updated_at`) at any depth: what "its answer changed" compares. */
export const withoutModified = (v: unknown): string =>
  JSON.stringify(v, (k, x) => (k === 'modified' || k === 'updated_at' ? undefined : x));

/** The record as the feed shows it: the detail answer, attachments without their contents. */
export function shown(view: RecordView): Json {
  const { file_contents: _skip, ...data } = view.detail ?? view.item;
  return data;
}

export const changedBetween = (a: RecordView | undefined, b: RecordView | undefined) =>
  !a ||
  !b ||
  withoutModified(a.item) !== withoutModified(b.item) ||
  withoutModified(shown(a)) !== withoutModified(shown(b));
