import { hydrate } from '@tanstack/react-query';
import { startTransition, StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App } from './app/app';
import { createAppRouter, loadRoutesFor } from './app/router';
import { queryClient } from './lib/query-client';
import { readServerState } from './lib/ssr-state';
import './theme/fonts.css';

const container = document.getElementById('root')!;

function renderInBrowser() {
  createRoot(container).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
}

/**
 * A page the server wrote (apps/web/src/entry-server.tsx) is taken over with the same data and
 * code instead of drawn again, after the browser has painted it. Hydration runs as a transition,
 * so it yields to the browser in small slices rather than holding the main thread for the page.
 */
async function hydrateServerPage(state: NonNullable<ReturnType<typeof readServerState>>) {
  hydrate(queryClient, state.queries);
  try {
    await loadRoutesFor(window.location.pathname);
  } catch {
    // The screen's code does not load (and the one reload was spent): the app shows its error page.
    renderInBrowser();
    return;
  }
  const router = createAppRouter({ hydrated: true });
  // The page is shown first: hydrating starts once the browser has painted what the server sent.
  await new Promise<void>((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));
  startTransition(() => {
    hydrateRoot(
      container,
      <StrictMode>
        <App router={router} />
      </StrictMode>,
    );
  });
}

const state = readServerState();
if (state && container.firstElementChild) void hydrateServerPage(state);
else renderInBrowser();

if (import.meta.env.PROD && 'serviceWorker' in navigator) {
  // Off the critical path: the worker registers once the page has loaded.
  window.addEventListener('load', () => {
    void import('./lib/service-worker').then((m) => m.registerServiceWorker());
  });
}
