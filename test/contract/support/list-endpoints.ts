// The query-plan test's request matrix: every list endpoint of the OpenAPI document, each filter it declares
// with a realistic value, and every field of its list item as a sort, ascending and descending.
import { dereference } from './openapi.js';

/** A GET path whose 200 answer is a list (a paginated envelope or `{data: [...]}`). */
export interface ListEndpoint {
  path: string;
  paginated: boolean;
  /** Resource filters (the common paging and sort parameters excluded). */
  filters: { name: string; schema: any }[];
  /** Fields of one list item: each is tried as orderBy. */
  fields: string[];
}

/** Keys from the generated tenant that path parameters and filters are filled with. */
export interface Fixtures {
  username: string;
  personalNumber: string;
  customerNumber: string;
  departmentId: number;
  projectId: number;
  projectName: string;
  projectStatus: string;
  taskId: number;
  taskName: string;
  ticketId: number;
  calendarId: number;
  locationListId: number;
  receiptId: number;
  webhookId: number;
  offerId: number;
  invoiceNumber: string;
  invoiceId: number;
  folderId: number;
}

export interface ListRequest {
  endpoint: ListEndpoint;
  /** Path with the parameters filled in, relative to the tenant's base URL. */
  path: string;
  query: URLSearchParams;
}

const COMMON = new Set(['page', 'limit', 'perPage', 'orderBy', 'order', 'format']);

export function listEndpoints(document: any): ListEndpoint[] {
  const doc = dereference(document);
  const out: ListEndpoint[] = [];
  for (const [path, ops] of Object.entries<any>(doc.paths)) {
    const schema = ops.get?.responses?.['200']?.content?.['application/json']?.schema;
    const data = schema?.properties?.data;
    if (data?.type !== 'array') continue;
    const paginated = Boolean(schema.properties.links && schema.properties.meta);
    const filters = (ops.get.parameters ?? [])
      .filter((p: any) => p.in === 'query' && !COMMON.has(p.name))
      .map((p: any) => ({ name: p.name, schema: p.schema }));
    out.push({ path, paginated, filters, fields: Object.keys(data.items?.properties ?? {}) });
  }
  return out;
}

/** Path parameters: the resource the segment before the parameter names. */
function pathValue(path: string, param: string, fx: Fixtures): string {
  const collection = path.split('/')[1];
  const byName: Record<string, unknown> = {
    receipt: fx.receiptId,
    customer: fx.customerNumber,
    customer_number: fx.customerNumber,
    username: fx.username,
    calendar_id: fx.calendarId,
    invoice_number: fx.invoiceNumber,
    project: fx.projectId,
  };
  const byCollection: Record<string, unknown> = {
    departments: fx.departmentId,
    projects: fx.projectId,
    'location-lists': fx.locationListId,
    tickets: fx.ticketId,
    webhooks: fx.webhookId,
    offers: fx.offerId,
    folders: fx.folderId,
  };
  const value = byName[param] ?? (param === 'id' ? byCollection[collection] : undefined);
  if (value === undefined)
    throw new Error(`query-plan test: no value for path parameter {${param}} of ${path}; add one to list-endpoints.ts`);
  return encodeURIComponent(String(value));
}

const DATES: Record<string, string> = {
  start_date: '2023-01-01',
  end_date: '2023-12-31',
  project_start_date: '2023-01-01',
  project_end_date: '2023-12-31',
  date: '2023-06-01',
};

/** A realistic value for a filter, by its name (and the resource) first, else by its schema. */
function filterValue(path: string, name: string, schema: any, fx: Fixtures): string {
  const base = name.replace(/\[\]$/, '');
  const collection = path.split('/')[1];
  const byName: Record<string, unknown> = {
    ...DATES,
    month: '2023-03',
    modified_after: '2023-01-01 00:00:00',
    modified_before: '2030-01-01 00:00:00',
    from: '2023-01-01 00:00:00',
    to: '2030-01-01 00:00:00',
    employee_id: fx.username,
    project_id: fx.projectId,
    ticket_id: fx.ticketId,
    invoice_id: fx.invoiceId,
    planned_from: '2023-01-01',
    planned_to: '2023-12-31',
    date_from: '2023-01-01',
    date_to: '2023-12-31',
    project_task_id: fx.taskId,
    parent_id: fx.taskId,
    customer_id: fx.customerNumber,
    customer_number: fx.customerNumber,
    personal_number: fx.personalNumber,
    department_id: fx.departmentId,
    id: collection === 'offers' ? fx.offerId : fx.projectId,
    project_status: fx.projectStatus,
    name: collection === 'projects' && path.includes('/tasks') ? fx.taskName : fx.projectName,
    search: fx.projectName.slice(0, 7),
    append: 'priceTables',
    include: 'priceTables',
    city: 'Berlin',
    inactive: 'false',
    entity_type: 'project',
    since: 0,
  };
  const item = schema.type === 'array' ? schema.items : schema;
  // A report's grouping: its first choice, or two dimensions of the hours report.
  if (base === 'group_by') return String(item.enum?.[0] ?? 'customer,month');
  if (base === 'status' && item.type === 'string') return collection === 'customers' ? '1' : fx.projectStatus;
  if (base === 'type' && item.type === 'string') return 'project';
  if (byName[base] !== undefined) return String(byName[base]);
  const enumValue = (item.enum ?? []).find((v: unknown) => v !== null);
  if (enumValue !== undefined) return String(enumValue);
  const types = [item.type].flat();
  if (types.includes('boolean')) return 'true';
  if (types.includes('integer') || types.includes('number')) return '1';
  if (item.format === 'date') return '2023-06-01';
  return 'x';
}

/** Filters that only work together with others: with include_defaults, /plannings needs a bounded window. */
const COMPANIONS: Record<string, [string, string][]> = {
  '/plannings include_defaults': [
    ['date_from', '2023-06-01'],
    ['date_to', '2023-06-30'],
  ],
};

/** Parameters an endpoint needs on every request (a report's grouping and window), unless the request names them. */
export const REQUIRED: Record<string, [string, string][]> = {
  '/reports/hours': [
    ['group_by', 'customer,month'],
    ['start_date', '2023-01-01'],
    ['end_date', '2023-12-31'],
  ],
};

/** `path?query` with the parameters the endpoint requires that `query` does not name. */
export function withRequired(endpointPath: string, path: string, query = '', required = REQUIRED): string {
  const given = new URLSearchParams(query);
  const params = new URLSearchParams([
    ...(required[endpointPath] ?? []).filter(([name]) => !given.has(name)),
    ...given,
  ]);
  return params.size ? `${path}?${params.toString().replace(/%2C/g, ',')}` : path;
}

/**
 * The requests for one endpoint: unfiltered, each filter alone, every pair of filters (e.g. an employee's month
 * of bookings), all filters together, and orderBy over every item field in both directions.
 */
export function listRequests(endpoint: ListEndpoint, fx: Fixtures): ListRequest[] {
  const path = endpoint.path.replace(/\{(\w+)\}/g, (_, p: string) => pathValue(endpoint.path, p, fx));
  const make = (entries: [string, string][]) => {
    const companions = [
      ...(REQUIRED[endpoint.path] ?? []),
      ...entries.flatMap(([name]) => COMPANIONS[`${endpoint.path} ${name}`] ?? []),
    ];
    const named = new Set(entries.map(([name]) => name));
    return {
      endpoint,
      path,
      query: new URLSearchParams([...entries, ...companions.filter(([name]) => !named.has(name))]),
    };
  };
  const filters = endpoint.filters.map(
    (f) => [f.name, filterValue(endpoint.path, f.name, f.schema, fx)] as [string, string],
  );
  const requests = [make([]), ...filters.map((f) => make([f]))];
  filters.forEach((a, i) => filters.slice(i + 1).forEach((b) => requests.push(make([a, b]))));
  if (filters.length > 2) requests.push(make(filters));
  for (const field of endpoint.fields)
    for (const order of ['asc', 'desc'])
      requests.push(
        make([
          ['orderBy', field],
          ['order', order],
        ]),
      );
  return requests;
}

export const describeRequest = (r: ListRequest) =>
  `GET ${r.endpoint.path}${r.query.size ? `?${decodeURIComponent(r.query.toString())}` : ''}`;
