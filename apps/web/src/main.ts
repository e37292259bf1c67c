import { readServerState, type ServerState } from './lib/ssr-state';
import './theme/theme-vars.css';
import './theme/fonts.css';
import './theme/plain.css';
import './theme/shell.css';
import './theme/catalogue.css';
import './theme/title.css';
import './theme/pages.css';

/**
 * The app starts in stages, each in a task of its own, so the browser can paint, scroll and
 * answer taps between them instead of being held for the whole of the app's code at once:
 * React, React DOM, the libraries, the app, the screen of the address, then the render.
 * (All of their files were asked for together with this one: the stages wait for no network.)
 */
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

async function loadApp() {
  // Each step is one task: a step's modules are evaluated (and its top-level work done) at once,
  // so the heavy ones stand alone — React, React DOM, the router and query libraries, then the
  // app itself. (MUI comes with the first screen or part that uses it: docs/decisions/0010.)
  const react = await import('react');
  await nextTask();
  const client = await import('react-dom/client');
  await nextTask();
  const { hydrate } = await import('./lib/start-libs');
  await nextTask();
  const [{ App }, routing, { queryClient }, colorScheme] = await Promise.all([
    import('./app/app'),
    import('./app/router'),
    import('./lib/query-client'),
    import('./theme/color-scheme'),
  ]);
  // The scheme's class is on <html> since /app-start.js ran; from here on it follows the device
  // and the other tabs.
  colorScheme.watchColorScheme();
  await nextTask();
  return { react, client, App, routing, queryClient, hydrate };
}

type Loaded = Awaited<ReturnType<typeof loadApp>>;

/**
 * `<StrictMode><App router={router} /></StrictMode>`, written without JSX: this file must share
 * no module with the app's chunks (the JSX runtime would land in it, and with it the page's
 * inlined stylesheet would become something every screen's chunk fetches again).
 */
function appElement({ react, App }: Loaded, router?: Parameters<Loaded['App']>[0]['router']) {
  return react.createElement(react.StrictMode, null, react.createElement(App, { router }));
}

function renderInBrowser(container: HTMLElement, app: Loaded) {
  app.client.createRoot(container).render(appElement(app));
}

/**
 * A page the server wrote (apps/web/src/entry-server.tsx) is taken over with the same data and
 * code instead of drawn again, after the browser has painted it. Hydration runs as a transition,
 * so it yields to the browser in small slices rather than holding the main thread for the page.
 */
async function hydrateServerPage(container: HTMLElement, state: ServerState, app: Loaded) {
  const { react, client, routing, queryClient, hydrate } = app;
  hydrate(queryClient, state.queries);
  await nextTask();
  try {
    await routing.loadRoutesFor(window.location.pathname, state.screens);
  } catch {
    // The screen's code does not load (and the one reload was spent): the app shows its error page.
    renderInBrowser(container, app);
    return;
  }
  await nextTask();
  const router = routing.createAppRouter({ hydrated: true, errors: state.errors });
  // The page is shown first: hydrating starts once the browser has painted what the server sent.
  await new Promise<void>((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));
  react.startTransition(() => {
    client.hydrateRoot(container, appElement(app, router));
  });
}

async function start() {
  const container = document.getElementById('root')!;
  const state = readServerState();
  const app = await loadApp();
  if (state && container.firstElementChild) await hydrateServerPage(container, state, app);
  else renderInBrowser(container, app);
}

void start();

/** Resolves once the app has taken the page over (app/app.tsx marks `<html>`). */
function appIsLive(): Promise<void> {
  const root = document.documentElement;
  if (root.hasAttribute('data-app-ready')) return Promise.resolve();
  return new Promise((resolve) => {
    new MutationObserver((_changes, observer) => {
      if (!root.hasAttribute('data-app-ready')) return;
      observer.disconnect();
      resolve();
    }).observe(root, { attributes: true, attributeFilter: ['data-app-ready'] });
  });
}

/** The browser's next idle moment (at most `timeout` ms away); a browser without the API waits a second. */
const idle = (timeout: number) =>
  new Promise<void>((resolve) => ('requestIdleCallback' in window ? requestIdleCallback(() => resolve(), { timeout }) : setTimeout(resolve, 1000)));

if (import.meta.env.PROD && 'serviceWorker' in navigator) {
  // Installing the worker fetches and stores the whole build (some 3 MB, ~80 files): on a first
  // visit that competed with the page's own screen for the network, the cores and the server.
  // It waits until the app has taken the page over, its last parts too, and the browser is idle.
  void appIsLive()
    .then(() => new Promise((resolve) => setTimeout(resolve, 1000)))
    .then(() => idle(10_000))
    .then(() => import('./lib/service-worker'))
    .then((m) => m.registerServiceWorker())
    // Its code did not load (offline, a new deploy): the page works without it, next visit tries again.
    .catch(() => undefined);
}
