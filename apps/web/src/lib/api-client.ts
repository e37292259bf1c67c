import { getApiBase } from '../config/env';
import { getCookie, TOKEN_COOKIE } from './cookies';
import { getProfileHeader, PROFILE_HEADER } from './profile-header';
import { emitProfileChanged, emitUnauthorized } from './session-events';

/**
 * The one HTTP client (spec §7), on `fetch` (docs/decisions/0007): credentials, JSON, the AJAX
 * marker, the CSRF header, the Bearer token from the `token` cookie, and no timeout of its own
 * (uploads and slow links must not be cut short). Failed calls reject with an `HttpError`.
 */

export type Params = Record<string, string | number | boolean | null | undefined>;

export type RequestConfig = {
  method: 'get' | 'post' | 'put' | 'patch' | 'delete';
  /** The path as the caller gave it, e.g. `/api/titles/7`. */
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

  return {
    defaults,
    get: <T = unknown>(url: string, opts?: CallOptions) => request<T>('get', url, undefined, opts),
    /** `body`: a few deletes carry one (a profile's deletion carries the account holder's proof). */
    delete: <T = unknown>(url: string, opts?: CallOptions & { body?: unknown }) => request<T>('delete', url, opts?.body, opts),
    post: <T = unknown>(url: string, body?: unknown, opts?: CallOptions) => request<T>('post', url, body, opts),
    put: <T = unknown>(url: string, body?: unknown, opts?: CallOptions) => request<T>('put', url, body, opts),
    patch: <T = unknown>(url: string, body?: unknown, opts?: CallOptions) => request<T>('patch', url, body, opts),
  };
}

export const api = createClient();
