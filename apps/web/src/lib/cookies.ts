/** Spec §9: the member's API token lives in this cookie. */
export const TOKEN_COOKIE = 'token';

/** Reads one cookie by name; `null` when it is absent or empty. */
export function getCookie(name: string, cookieString: string = document.cookie): string | null {
  for (const part of cookieString.split(';')) {
    const eq = part.indexOf('=');
    if (eq < 0) continue;
    if (part.slice(0, eq).trim() !== name) continue;
    const raw = part.slice(eq + 1).trim();
    if (raw === '') return null;
    try {
      return decodeURIComponent(raw);
    } catch {
      return raw;
    }
  }
  return null;
}

/**
 * Deletes a cookie on this host and on the site's parent domain: the token may have been set
 * for `.parde.ir` so that `www.` and `api.` share it.
 */
export function removeCookie(name: string): void {
  const expire = `${name}=; Max-Age=0; path=/; SameSite=Lax`;
  document.cookie = expire;
  const host = window.location.hostname;
  const parent = host.replace(/^(www|app|m)\./i, '');
  for (const domain of new Set([host, parent])) {
    if (domain.includes('.') && !/^\d+(\.\d+){3}$/.test(domain)) document.cookie = `${expire}; domain=${domain}`;
  }
}

/** Writes a first-party cookie for the whole site (used by login in the accounts feature). */
export function setCookie(name: string, value: string, maxAgeSeconds: number): void {
  const secure = window.location.protocol === 'https:' ? '; Secure' : '';
  document.cookie = `${name}=${encodeURIComponent(value)}; Max-Age=${maxAgeSeconds}; path=/; SameSite=Lax${secure}`;
}
