/**
 * Spec §4: when a new version of the offline worker is ready the page reloads. The worker
 * (vite-plugin-pwa's, `/sw.js`) skips waiting and claims open pages, so a new version shows as
 * a change of controller: the page reloads then — but not on the first install, when the worker
 * merely starts controlling a page that is already current. An hourly check catches deploys in
 * long-lived tabs. The browser's own API: no helper library on the first visit.
 */
export function registerServiceWorker(container: ServiceWorkerContainer = navigator.serviceWorker, reload = () => window.location.reload()): void {
  const wasControlled = container.controller !== null;
  let reloading = false;
  container.addEventListener('controllerchange', () => {
    if (!wasControlled || reloading) return;
    reloading = true;
    reload();
  });
  container
    .register('/sw.js', { scope: '/' })
    .then((registration) => {
      setInterval(() => void registration.update().catch(() => undefined), 60 * 60 * 1000);
    })
    .catch(() => undefined);
}
