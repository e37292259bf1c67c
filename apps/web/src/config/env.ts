import type { RuntimeConfig } from '@parde/contract';

declare global {
  interface Window {
    /** Set by `/runtime-config.js`, which the API server writes from its environment. */
    __PARDE__?: Partial<RuntimeConfig>;
  }
}

/** The API host used on localhost and bare IPs when the server names none. */
export const DEFAULT_LOCAL_API_BASE = 'http://localhost:8000';

const str = (v: unknown): string | null => (typeof v === 'string' && v.trim() !== '' ? v.trim() : null);

// The server renderer has no window: it tells which configuration the page it writes will get.
let serverRuntimeConfig: () => unknown = () => undefined;
export function provideServerRuntimeConfig(source: () => unknown): void {
  serverRuntimeConfig = source;
}

/**
 * The run-time configuration with every field present. The script may be missing (offline,
 * `vite` without the API running) or partial; each absent value becomes `null`.
 */
export function readRuntimeConfig(raw: unknown = typeof window === 'undefined' ? serverRuntimeConfig() : window.__PARDE__): RuntimeConfig {
  const c = (raw && typeof raw === 'object' ? raw : {}) as Record<string, unknown>;
  const analytics = (c.analytics && typeof c.analytics === 'object' ? c.analytics : {}) as Record<string, unknown>;
  const social = (c.social && typeof c.social === 'object' ? c.social : {}) as Record<string, unknown>;
  return {
    // An empty string is meaningful for apiBase: "same origin".
    apiBase: typeof c.apiBase === 'string' ? c.apiBase.trim().replace(/\/+$/, '') : null,
    analytics: { url: str(analytics.url)?.replace(/\/+$/, '') ?? null, siteId: str(analytics.siteId) },
    social: { telegram: str(social.telegram), instagram: str(social.instagram), x: str(social.x) },
    supportEmail: str(c.supportEmail),
    jalaliYear: typeof c.jalaliYear === 'number' && Number.isInteger(c.jalaliYear) ? c.jalaliYear : null,
  };
}

const LOCAL_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]', '::1', '0.0.0.0']);

function isLocalOrIpHost(hostname: string): boolean {
  const h = hostname.toLowerCase();
  if (LOCAL_HOSTS.has(h) || h.endsWith('.localhost')) return true;
  if (/^\d{1,3}(\.\d{1,3}){3}$/.test(h)) return true; // IPv4
  return h.includes(':') || h.startsWith('['); // IPv6
}

/**
 * Spec §7: the API lives at `api.` + the site's host without a leading `www.`, `app.` or `m.`;
 * on localhost (and bare IPs) the configured base is used, else `http://localhost:8000`.
 */
export function getApiBase(
  location: Pick<Location, 'protocol' | 'hostname' | 'host'>,
  configuredBase: string | null = readRuntimeConfig().apiBase,
): string {
  if (isLocalOrIpHost(location.hostname)) return configuredBase ?? DEFAULT_LOCAL_API_BASE;
  const host = location.host.replace(/^(www|app|m)\./i, '');
  return `${location.protocol}//api.${host}`;
}
