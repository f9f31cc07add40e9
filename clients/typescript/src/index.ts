// @zeitkonto/client: a typed client for the zeitkonto REST API. Paths, parameters and bodies are typed from the
// server's OpenAPI document (schema.d.ts, generated at install and build); openapi-fetch does the requests. Helpers:
// allItems() pages through a list, 429 answers are retried after Retry-After, rateLimitOf() reads the headers.
import createFetchClient, { type Client } from 'openapi-fetch';
import type { components, operations, paths } from './schema.js';

export type { components, operations, paths };
export type Schemas = components['schemas'];
export type Customer = Schemas['Customer'];
export type CustomerCreate = Schemas['CustomerCreate'];
export type Attendance = Schemas['Attendance'];
export type AttendanceCreate = Schemas['AttendanceCreate'];
export type Employee = Schemas['Employee'];
export type Project = Schemas['Project'];
export type ListMeta = Schemas['ListMeta'];
export type ApiError = Schemas['Error'];
export type ValidationError = Schemas['ValidationError'];
/** JSON answers (lists also offer text/csv; fetch those without the client). */
export type ZeitkontoClient = Client<paths, 'application/json'>;

export interface ClientOptions {
  /** Scheme and host, e.g. `https://zeitkonto.example.com`. */
  baseUrl: string;
  /** The tenant's instance name (the first path segment). */
  instance: string;
  /**
   * An API token (`zeitkonto token create <instance>`). Omitted in a browser signed in with `POST /sessions`: the
   * session cookie authenticates, and `csrfToken` goes with every write.
   */
  token?: string;
  /** The session's CSRF token (the `csrf_token` of `POST /sessions` or `GET /sessions/current`), sent as X-CSRF-Token. */
  csrfToken?: string;
  /** How often a 429 is retried after its Retry-After (default 3; 0: never). */
  retries?: number;
  /** The longest Retry-After, in seconds, worth waiting for (default 60); a longer one is answered as the 429. */
  maxWaitSeconds?: number;
  /** How to wait (default setTimeout). */
  sleep?: (ms: number) => Promise<void>;
  fetch?: (request: Request) => Promise<Response>;
}

export interface RateLimit {
  limit: number | null;
  remaining: number | null;
  /** Seconds until requests are accepted again (429 answers). */
  retryAfter: number | null;
}

const numberHeader = (response: Response, name: string) => {
  const value = response.headers.get(name);
  return value === null || !/^\d+$/.test(value) ? null : Number(value);
};

/** The rate-limit headers of an answer. */
export function rateLimitOf(response: Response): RateLimit {
  return {
    limit: numberHeader(response, 'x-ratelimit-limit'),
    remaining: numberHeader(response, 'x-ratelimit-remaining'),
    retryAfter: numberHeader(response, 'retry-after'),
  };
}

const defaultSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export function createClient(options: ClientOptions): ZeitkontoClient {
  const baseFetch = options.fetch ?? ((request: Request) => fetch(request));
  const retries = options.retries ?? 3;
  const maxWait = options.maxWaitSeconds ?? 60;
  const sleep = options.sleep ?? defaultSleep;
  const retrying = async (request: Request): Promise<Response> => {
    for (let attempt = 0; ; attempt++) {
      const response = await baseFetch(request.clone());
      const wait = rateLimitOf(response).retryAfter;
      if (response.status !== 429 || attempt >= retries || wait === null || wait > maxWait) return response;
      await response.body?.cancel();
      await sleep(wait * 1000);
    }
  };
  return createFetchClient<paths, 'application/json'>({
    baseUrl: `${options.baseUrl.replace(/\/+$/, '')}/${encodeURIComponent(options.instance)}/next/api/v1`,
    headers: {
      accept: 'application/json',
      ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
      ...(options.csrfToken ? { 'x-csrf-token': options.csrfToken } : {}),
    },
    fetch: retrying,
  });
}

interface ListAnswer<T> {
  data?: { data: T[]; meta: { current_page: number; last_page: number } };
  error?: unknown;
  response: Response;
}

/** Every item of a paginated list, page after page: `allItems((page) => api.GET('/customers', { params: { query: { page, limit: 200 } } }))`. */
export async function* allItems<T>(fetchPage: (page: number) => Promise<ListAnswer<T>>): AsyncGenerator<T> {
  for (let page = 1; ; page++) {
    const { data, error, response } = await fetchPage(page);
    if (!data)
      throw Object.assign(new Error(`page ${page}: HTTP ${response.status}`), { status: response.status, body: error });
    yield* data.data;
    if (data.meta.current_page >= data.meta.last_page) return;
  }
}
