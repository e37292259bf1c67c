import { useEffect, useState } from 'react';
import { goToGateway, isSafeGatewayUrl } from '../lib/purchase';

/**
 * Leaving for the gateway's page. While the browser loads it the form stays disabled; coming
 * back with the back button (the page restored from the back-forward cache) enables it again.
 * `leave` answers false for an address that is not a web page (and does not leave).
 */
export function useGatewayRedirect() {
  const [leaving, setLeaving] = useState(false);
  useEffect(() => {
    const onShow = (event: PageTransitionEvent) => {
      if (event.persisted) setLeaving(false);
    };
    window.addEventListener('pageshow', onShow);
    return () => window.removeEventListener('pageshow', onShow);
  }, []);
  const leave = (url: string): boolean => {
    if (!isSafeGatewayUrl(url, window.location.href)) return false;
    setLeaving(true);
    goToGateway(url);
    return true;
  };
  return { leaving, leave };
}
