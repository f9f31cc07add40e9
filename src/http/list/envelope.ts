// The contract's list envelope: data, links (first/last/prev/next keeping every query parameter) and meta
// (Laravel's paginator window).
import type { FastifyRequest } from 'fastify';
import type { SelectQueryBuilder } from 'kysely';
import type { ZkApp } from '../../types.js';
import { rowChunks } from '../../db/stream.js';
import { columnsOf, csvExport, listItemSchema, wantsCsv } from './csv.js';
import { orderTerms, paginate, withModifiedFilters, type Page } from './paging.js';
import { type ListSpec } from '../../db/list-spec.js';
import { withWritableSorts } from './sortable.js';
import type { ListQueryValues } from './query.js';

/** Absolute base URL of the request (scheme and host honour X-Forwarded-* only when TRUST_PROXY is on). */
export function requestBase(req: FastifyRequest): string {
  return `${req.protocol}://${req.host}`;
}

/**
 * The request's URL with `page` set to any page, as `new URL(…).searchParams.set('page', …)` writes it (the
 * other parameters re-encoded, `page` in the place of its first occurrence or last), from one parse of the URL:
 * a page of the envelope carries up to 17 such links.
 */
function pageUrls(req: FastifyRequest): { path: string; at(page: number): string } {
  const url = new URL(req.url, 'http://x');
  const entries = [...url.searchParams];
  const first = entries.findIndex(([name]) => name === 'page');
  const cut = first === -1 ? entries.length : first;
  const text = (xs: [string, string][]) => new URLSearchParams(xs.filter(([name]) => name !== 'page')).toString();
  const before = text(entries.slice(0, cut));
  const after = text(entries.slice(cut));
  const path = `${requestBase(req)}${url.pathname}`;
  const head = `${path}?${before}${before ? '&' : ''}page=`;
  const tail = after ? `&${after}` : '';
  return { path, at: (page) => `${head}${page}${tail}` };
}

/** Laravel's paginator window (docs/api/conventions.md): up to 13 pages in full, otherwise sliders with '...'. */
export function pageWindow(current: number, last: number): (number | '...')[] {
  const range = (a: number, b: number) => Array.from({ length: Math.max(0, b - a + 1) }, (_, i) => a + i);
  const onEachSide = 3;
  if (last < onEachSide * 2 + 8) return range(1, last);
  const window = onEachSide + 4;
  if (current <= window) return [...range(1, window + onEachSide), '...', last - 1, last];
  if (current > last - window) return [1, 2, '...', ...range(last - (window + onEachSide - 1), last)];
  return [1, 2, '...', ...range(current - onEachSide, current + onEachSide), '...', last - 1, last];
}

/** The contract's list envelope for a page of already-mapped resources. */
export function envelope<T>(req: FastifyRequest, page: Page<unknown>, data: T[]) {
  const lastPage = Math.max(1, Math.ceil(page.total / page.limit));
  const from = data.length > 0 ? (page.page - 1) * page.limit + 1 : null;
  const to = from !== null ? from + data.length - 1 : null;
  const urls = pageUrls(req);
  const prev = page.page > 1 ? urls.at(page.page - 1) : null;
  const next = page.page < lastPage ? urls.at(page.page + 1) : null;
  const links = [
    { url: prev, label: '&laquo; Previous', active: false },
    ...pageWindow(page.page, lastPage).map((p) =>
      p === '...'
        ? { url: null, label: '...', active: false }
        : { url: urls.at(p), label: String(p), active: p === page.page },
    ),
    { url: next, label: 'Next &raquo;', active: false },
  ];
  return {
    data,
    links: { first: urls.at(1), last: urls.at(lastPage), prev, next },
    meta: {
      current_page: page.page,
      from,
      last_page: lastPage,
      links,
      path: urls.path,
      per_page: page.limit,
      to,
      total: page.total,
    },
  };
}

/** Run a list query and wrap the mapped rows in the envelope; for CSV, stream every page instead (csv.ts). */
export async function listResponse<DB, TB extends keyof DB, Row, Out>(
  req: FastifyRequest,
  qb: SelectQueryBuilder<DB, TB, Row>,
  spec: ListSpec,
  map: (rows: Row[]) => Out[] | Promise<Out[]>,
) {
  spec = withWritableSorts(spec, req.routeOptions.url);
  // The caller's rows (access/rows.ts): one condition on the list's query, so meta.total counts only those.
  if (req.listFilter) {
    qb = req.listFilter(qb) as typeof qb;
    req.listFilter.applied = true;
  }
  const redact = req.redact;
  if (redact) {
    const mapRows = map;
    map = async (rows) => ((await mapRows(rows)) as unknown[]).map(redact) as Out[];
  }
  if (wantsCsv(req)) {
    let q = withModifiedFilters(qb, spec, req.query as ListQueryValues);
    for (const term of orderTerms(spec, req.query as ListQueryValues)) q = q.orderBy(term);
    const { zk } = req.server as ZkApp;
    async function* items() {
      for await (const rows of rowChunks<Row>({ db: zk.db, database: zk.config.database }, q)) yield await map(rows);
    }
    return csvExport(columnsOf(listItemSchema(req)), items());
  }
  const page = await paginate(qb, spec, req.query as ListQueryValues);
  return envelope(req, page, await map(page.rows));
}
