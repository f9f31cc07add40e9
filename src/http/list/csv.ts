// CSV for spreadsheets, an extension of the contract: every list answers `Accept: text/csv` or
// `?format=csv` with the same filters and sort. Paginated lists stream every page (listResponse hands back a
// stream read in chunks, constant memory); the short unpaginated lists are converted from their JSON answer.
// UTF-8 with a header row; columns are the list item's fields (nested objects as `parent.child`, arrays as JSON),
// values exactly as in JSON.
import { Readable } from 'node:stream';
import type { FastifyInstance, FastifyRequest } from 'fastify';

export const CSV_TYPE = 'text/csv; charset=utf-8';

/**
 * `?format=csv`, or an Accept header that asks for CSV and not for JSON. Read from the URL: `format` belongs to this
 * mechanism, which every list has, also those whose query schema does not declare it (their handlers never see
 * an undeclared parameter: http/request-input.ts); where a schema declares it, it has been validated.
 */
export function wantsCsv(req: FastifyRequest): boolean {
  const format = new URL(req.url, 'http://x').searchParams.get('format')?.trim() || undefined;
  if (format !== undefined) return format === 'csv';
  const accept = String(req.headers.accept ?? '');
  return /\btext\/csv\b/i.test(accept) && !/\bapplication\/json\b/i.test(accept);
}

interface Column {
  header: string;
  path: string[];
}

/** Columns of a list item schema: its properties, nested objects spread as `parent.child`. */
export function columnsOf(schema: any, prefix: string[] = []): Column[] {
  return Object.entries<any>(schema?.properties ?? {}).flatMap(([name, child]) =>
    child?.properties && prefix.length < 2
      ? columnsOf(child, [...prefix, name])
      : [{ header: [...prefix, name].join('.'), path: [...prefix, name] }],
  );
}

/** The list item schema of a route's 200 answer, or undefined when the route is not a list. */
export function listItemSchema(req: FastifyRequest): unknown {
  const ok = (req.routeOptions.schema?.response as Record<string, any> | undefined)?.[200];
  const data = ok?.properties?.data;
  return data?.type === 'array' ? data.items : undefined;
}

function cell(value: unknown): string {
  if (value === null || value === undefined) return '';
  const text = typeof value === 'object' ? JSON.stringify(value) : String(value);
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

const line = (cells: unknown[]) => `${cells.map(cell).join(',')}\r\n`;

export const headerLine = (columns: Column[]) => line(columns.map((c) => c.header));

export function rowLines(columns: Column[], items: unknown[]): string {
  return items
    .map((item) =>
      line(columns.map((c) => c.path.reduce((v: any, k) => (v === null || v === undefined ? undefined : v[k]), item))),
    )
    .join('');
}

/** Streamed CSV answers (the onSend hook gives them their content type). */
const exports = new WeakSet<Readable>();

export function csvExport(columns: Column[], items: AsyncIterable<unknown[]>): Readable {
  async function* lines() {
    yield headerLine(columns);
    for await (const chunk of items) yield rowLines(columns, chunk);
  }
  const stream = Readable.from(lines(), { objectMode: false });
  exports.add(stream);
  return stream;
}

/** Content type of streamed exports; unpaginated lists converted from their JSON answer. */
export function registerCsv(app: FastifyInstance): void {
  app.addHook('onSend', async (req, reply, payload) => {
    if (payload instanceof Readable && exports.has(payload)) {
      reply.header('content-type', CSV_TYPE);
      return payload;
    }
    if (req.method !== 'GET' || reply.statusCode !== 200 || typeof payload !== 'string' || !wantsCsv(req))
      return payload;
    const item = listItemSchema(req);
    if (!item) return payload;
    const body = JSON.parse(payload) as { data?: unknown };
    if (!Array.isArray(body.data)) return payload;
    reply.header('content-type', CSV_TYPE);
    const columns = columnsOf(item);
    return headerLine(columns) + rowLines(columns, body.data);
  });
}
