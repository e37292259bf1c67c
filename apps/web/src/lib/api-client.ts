import axios, { AxiosHeaders } from 'axios';
import { getApiBase } from '../config/env';
import { getCookie, TOKEN_COOKIE } from './cookies';
import { emitUnauthorized } from './session-events';

/**
 * The one HTTP client (spec §7): credentials, JSON, the AJAX marker, the Bearer token from the
 * `token` cookie, and no timeout of its own (uploads and slow links must not be cut short).
 */
export const api = axios.create({
  baseURL: typeof window === 'undefined' ? undefined : getApiBase(window.location),
  withCredentials: true,
  // The API may sit on a sibling host (api.<site>); the CSRF cookie is shared by domain.
  withXSRFToken: true,
  xsrfCookieName: 'XSRF-TOKEN',
  xsrfHeaderName: 'X-XSRF-TOKEN',
  timeout: 0,
  headers: {
    'Content-Type': 'application/json',
    Accept: 'application/json',
    'X-Requested-With': 'XMLHttpRequest',
  },
});

api.interceptors.request.use((config) => {
  const token = getCookie(TOKEN_COOKIE);
  const headers = AxiosHeaders.from(config.headers);
  if (token) headers.set('Authorization', `Bearer ${token}`);
  else headers.delete('Authorization');
  config.headers = headers;
  return config;
});

api.interceptors.response.use(undefined, (error: unknown) => {
  if (axios.isAxiosError(error) && error.response?.status === 401) emitUnauthorized();
  return Promise.reject(error);
});
