import { useLayoutEffect, useRef } from 'react';
import { useLocation } from 'react-router';

/**
 * Spec §2: every path or query change starts at the top of the page. Not the first render: the
 * page has just loaded at the top, and a server-rendered one may already have been scrolled by
 * the time the app takes it over.
 */
export function ScrollToTop() {
  const { pathname, search } = useLocation();
  const first = useRef(true);
  useLayoutEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    window.scrollTo({ top: 0, left: 0, behavior: 'instant' });
  }, [pathname, search]);
  return null;
}
