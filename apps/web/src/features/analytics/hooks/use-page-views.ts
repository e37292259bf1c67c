import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';
import { readRuntimeConfig } from '../../../config/env';
import { sendPageView } from '../lib/send-page-view';

/**
 * Reports a page view on every path or query change (spec §2). Child routes set the
 * document title in their own effects, which run before this one, so the title is current.
 */
export function usePageViews(): void {
  const { pathname, search } = useLocation();
  const previous = useRef<string | null>(null);
  useEffect(() => {
    const url = pathname + search;
    if (previous.current === url) return;
    const referrer = previous.current === null ? document.referrer : window.location.origin + previous.current;
    previous.current = url;
    sendPageView(readRuntimeConfig().analytics, { url, title: document.title, referrer });
  }, [pathname, search]);
}
