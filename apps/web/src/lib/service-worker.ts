import { registerSW } from 'virtual:pwa-register';

/**
 * Spec §4: when a new version of the offline worker is ready the page reloads — the
 * plugin's `autoUpdate` mode activates it at once and reloads on `controlling`. An hourly
 * check catches deploys in long-lived tabs.
 */
export function registerServiceWorker(): void {
  registerSW({
    immediate: true,
    onRegisteredSW(_url, registration) {
      if (!registration) return;
      setInterval(() => void registration.update().catch(() => undefined), 60 * 60 * 1000);
    },
  });
}
