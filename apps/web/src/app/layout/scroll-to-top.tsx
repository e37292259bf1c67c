import { useLayoutEffect } from 'react';
import { useLocation } from 'react-router';

/** Spec §2: every path or query change starts at the top of the page. */
export function ScrollToTop() {
  const { pathname, search } = useLocation();
  useLayoutEffect(() => {
    window.scrollTo({ top: 0, left: 0, behavior: 'instant' });
  }, [pathname, search]);
  return null;
}
