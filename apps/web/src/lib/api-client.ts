import type { ApiMethod, ApiRoutes } from '@parde/contract';
import { getApiBase } from '../config/env';
import { getCookie, TOKEN_COOKIE } from './cookies';
import { getProfileHeader, PROFILE_HEADER } from './profile-header';
import { emitProfileChanged, emitUnauthorized } from './session-events';

/**
 * The one HTTP client (spec §7), on `fetch` (docs/decisions/0007): credentials, JSON, the AJAX
 * marker, the CSRF header, the Bearer token from the `token` cookie, and no timeout of its own
 * (uploads and slow links must not be cut short). Failed calls reject with an `HttpError`.
 *
 * Calls name a route of the contract's table (docs/decisions/0031), by its path template:
 * `api.get('/api/titles/{id}', { path: { id }, query: { dub: 1 }, signal })`. A path the table
 * does not have, a missing path parameter, a query parameter or body the route does not read are
 * type errors, and the answer's type is the route's.
 */

export type Params = Record<string, string | number | boolean | null | undefined>;

export type RequestConfig = {
  method: 'get' | 'post' | 'put' | 'patch' | 'delete';
  /** The path with its parameters filled in, e.g. `/api/titles/7` for `/api/titles/{id}`. */
  url: string;
  baseURL: string;
  params?: Params;
  /** The JSON body, already serialised. */
  data?: string;
  headers: Headers;
  withCredentials: true;
  signal?: AbortSignal;
};

export type ApiResponse<T = unknown> = { data: T; status: number; headers: Headers; config: RequestConfig };

/** Performs one request. Tests and the server renderer put their own in place of `fetch`. */
export type Adapter = (config: RequestConfig) => Promise<ApiResponse>;

export type CallOptions = {
  params?: Params;
  signal?: AbortSignal;
  /** Extra headers of this one call (an admin form's `Idempotency-Key`). */
  headers?: Record<string, string>;
};

/** The table's path templates for one method: `'/api/titles/{id}'` for `get`. */
export type ApiPath<M extends ApiMethod> = {
  [K in keyof ApiRoutes]: K extends `${Uppercase<M>} ${infer P}` ? P : never;
}[keyof ApiRoutes];

type RouteOf<M extends ApiMethod, P extends string> = ApiRoutes[`${Uppercase<M>} ${P}` & keyof ApiRoutes];

/** The names of a template's `{name}` parameters. */
export type PathParamNames<P extends string> = P extends `${string}{${infer N}}${infer Rest}` ? N | PathParamNames<Rest> : never;

type PathPart<P extends string> = [PathParamNames<P>] extends [never] ? { path?: undefined } : { path: Record<PathParamNames<P>, string | number> };
type QueryPart<R> = R extends { query: infer Q } ? { query?: Q } : { query?: undefined };
/** A route without a body schema takes none, or an empty object (as the admin forms send). */
type BodyPart<R> = R extends { body: infer B } ? (undefined extends B ? { body?: B } : { body: B }) : { body?: Record<string, never> };

/** What one call gives besides its path: path parameters, query, body, signal, headers. */
export type ApiInit<M extends ApiMethod, P extends string> = Omit<CallOptions, 'params'> &
  PathPart<P> &
  QueryPart<RouteOf<M, P>> &
  BodyPart<RouteOf<M, P>>;

/** The init is optional where nothing in it is required (no path parameter, no body). */
type InitArgs<M extends ApiMethod, P extends string> = object extends ApiInit<M, P> ? [init?: ApiInit<M, P>] : [init: ApiInit<M, P>];

/**
 * A form's values as a person typed them (a year may still be text, a field may be empty), sent
 * for the API to judge: its 422 puts each message under its field. `body: values as AsTyped` opts
 * that one body out of the route's type; the path, the query and the answer stay checked.
 */
export type AsTyped = never;

/** The JSON body a route reads, as its contract schema accepts it. */
export type ApiBody<M extends ApiMethod, P extends ApiPath<M>> = RouteOf<M, P> extends { body: infer B } ? B : never;

/** What the route answers on success, as its contract schema says. */
export type ApiAnswer<M extends ApiMethod, P extends string> = RouteOf<M, P>['answer'];

/** A call that failed: `response` is there when the server answered (status and body). */
export class HttpError extends Error {
  readonly isHttpError = true;
  constructor(
    message: string,
    readonly config: RequestConfig,
    readonly response?: { status: number; data: unknown; headers?: Headers },
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

const XSRF_COOKIE = 'XSRF-TOKEN';
const XSRF_HEADER = 'X-XSRF-TOKEN';

/** Query string as the API expects it: absent values left out, the rest as text. */
export function buildUrl(config: Pick<RequestConfig, 'baseURL' | 'url' | 'params'>): string {
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(config.params ?? {})) {
    if (value !== null && value !== undefined) query.append(key, String(value));
  }
  const qs = query.toString();
  const url = /^https?:\/\//i.test(config.url) ? config.url : config.baseURL + config.url;
  return qs ? `${url}${url.includes('?') ? '&' : '?'}${qs}` : url;
}

/**
 * A template's path with its parameters put in, each encoded as one path segment (a slash, a
 * question mark or a dot segment in a value cannot change which route is called). A missing one is
 * a mistake of the caller, never a request to `/api/titles/undefined`.
 */
export function fillPath(template: string, params: Record<string, string | number> = {}): string {
  return template.replace(/\{([^}]+)\}/g, (_, name: string) => {
    const value = params[name];
    const segment = value === undefined || value === null ? '' : encodeURIComponent(String(value));
    // Empty, `.` and `..` (which pass encoding unchanged, and a URL resolves into another path).
    if (/^\.{0,2}$/.test(segment)) throw new Error(`path parameter ${name} of ${template}: "${segment}"`);
    return segment;
  });
}

async function readBody(res: Response): Promise<unknown> {
  if (res.status === 204) return '';
  const text = await res.text();
  if (text === '') return '';
  if (/json/i.test(res.headers.get('content-type') ?? '')) {
    try {
      return JSON.parse(text) as unknown;
    } catch {
      return text;
    }
  }
  return text;
}

export const fetchAdapter: Adapter = async (config) => {
  let res: Response;
  try {
    res = await fetch(buildUrl(config), {
      method: config.method.toUpperCase(),
      headers: config.headers,
      body: config.data,
      credentials: 'include',
      signal: config.signal,
    });
  } catch (error) {
    if (config.signal?.aborted) throw error;
    throw new HttpError('Network Error', config);
  }
  const data = await readBody(res);
  const response = { data, status: res.status, headers: res.headers, config };
  if (res.status < 200 || res.status >= 300) throw new HttpError(`Request failed with status code ${res.status}`, config, response);
  return response;
};

const errorCode = (body: unknown) => (body && typeof body === 'object' && 'code' in body ? (body as { code: unknown }).code : undefined);

function createClient() {
  const defaults: { baseURL: string; adapter: Adapter } = {
    baseURL: typeof window === 'undefined' ? '' : getApiBase(window.location),
    adapter: fetchAdapter,
  };

  async function request<T>(method: RequestConfig['method'], url: string, body: unknown, opts: CallOptions = {}): Promise<ApiResponse<T>> {
    const headers = new Headers({ ...opts.headers, Accept: 'application/json', 'X-Requested-With': 'XMLHttpRequest' });
    // Only with a body: the API refuses an empty body that claims to be JSON.
    if (body !== undefined) headers.set('Content-Type', 'application/json');
    // Read at call time: login and logout change them between calls.
    if (typeof document !== 'undefined') {
      const token = getCookie(TOKEN_COOKIE);
      if (token) headers.set('Authorization', `Bearer ${token}`);
      // A member's calls name the profile this tab shows (never a visitor's: no token, no profile).
      const profile = getProfileHeader();
      if (token && profile !== null) headers.set(PROFILE_HEADER, String(profile));
      // The API may sit on a sibling host (api.<site>); the CSRF cookie is shared by domain.
      const xsrf = getCookie(XSRF_COOKIE);
      if (xsrf) headers.set(XSRF_HEADER, xsrf);
    }
    const config: RequestConfig = {
      method,
      url,
      baseURL: defaults.baseURL,
      params: opts.params,
      data: body === undefined ? undefined : JSON.stringify(body),
      headers,
      withCredentials: true,
      signal: opts.signal,
    };
    try {
      return (await defaults.adapter(config)) as ApiResponse<T>;
    } catch (error) {
      if (error instanceof HttpError && error.response?.status === 401) emitUnauthorized();
      if (error instanceof HttpError && error.response?.status === 409 && errorCode(error.response.data) === 'PROFILE_CHANGED') emitProfileChanged();
      throw error;
    }
  }

  type AnyInit = Omit<CallOptions, 'params'> & { path?: Record<string, string | number>; query?: object; body?: unknown };
  async function call<T>(method: ApiMethod, template: string, init: AnyInit = {}): Promise<ApiResponse<T>> {
    const { path, query, body, ...opts } = init;
    return request<T>(method, fillPath(template, path), body, { ...opts, params: query as Params | undefined });
  }

  return {
    defaults,
    get: <P extends ApiPath<'get'>>(path: P, ...[init]: InitArgs<'get', P>) => call<ApiAnswer<'get', P>>('get', path, init as AnyInit | undefined),
    /** `body`: a few deletes carry one (a profile's deletion carries the account holder's proof). */
    delete: <P extends ApiPath<'delete'>>(path: P, ...[init]: InitArgs<'delete', P>) => call<ApiAnswer<'delete', P>>('delete', path, init as AnyInit | undefined),
    post: <P extends ApiPath<'post'>>(path: P, ...[init]: InitArgs<'post', P>) => call<ApiAnswer<'post', P>>('post', path, init as AnyInit | undefined),
    put: <P extends ApiPath<'put'>>(path: P, ...[init]: InitArgs<'put', P>) => call<ApiAnswer<'put', P>>('put', path, init as AnyInit | undefined),
    patch: <P extends ApiPath<'patch'>>(path: P, ...[init]: InitArgs<'patch', P>) => call<ApiAnswer<'patch', P>>('patch', path, init as AnyInit | undefined),
  };
}

export const api = createClient();
