import type { RuntimeConfig } from '@parde/contract';

export type PageView = {
  /** path + search, as Umami records it */
  url: string;
  title: string;
  referrer: string;
};

/** The Umami `/api/send` body (Matomo and others accept it through their Umami-compatible ingest). */
export function buildPageViewBody(siteId: string, view: PageView, win: Window = window) {
  return {
    type: 'event' as const,
    payload: {
      website: siteId,
      url: view.url,
      hostname: win.location.hostname,
      language: win.navigator.language,
      screen: `${win.screen.width}x${win.screen.height}`,
      title: view.title,
      referrer: view.referrer,
    },
  };
}

/**
 * Sends one page view to the self-hosted tracker; does nothing when it is not configured.
 * `sendBeacon` survives page unloads and needs no CORS preflight (text/plain); when it is
 * refused, `fetch` with `keepalive` does the same job.
 */
export function sendPageView(analytics: RuntimeConfig['analytics'], view: PageView): boolean {
  if (!analytics.url || !analytics.siteId) return false;
  const endpoint = `${analytics.url}/api/send`;
  const body = JSON.stringify(buildPageViewBody(analytics.siteId, view));
  try {
    if (typeof navigator.sendBeacon === 'function') {
      const blob = new Blob([body], { type: 'text/plain;charset=UTF-8' });
      if (navigator.sendBeacon(endpoint, blob)) return true;
    }
  } catch {
    // fall through to fetch
  }
  void fetch(endpoint, {
    method: 'POST',
    body,
    keepalive: true,
    credentials: 'omit',
    headers: { 'Content-Type': 'application/json' },
  }).catch(() => undefined);
  return true;
}
