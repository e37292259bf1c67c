import type { DehydratedState } from '@tanstack/react-query';

/** The element in which the server renderer leaves the query cache of the page it wrote. */
export const SSR_STATE_ID = 'parde-ssr-state';

export type ServerState = {
  queries: DehydratedState;
  /** The route ids of the screens drawn (`routes/home`): the browser loads them without matching the address again. */
  screens?: string[];
  /**
   * A page that is not there (the server answered 404 or 410): the route error it drew, by the
   * id of the route whose error page shows it, for the browser's router to start from.
   */
  errors?: Record<string, RouteError>;
};

/** A route error as React Router's `isRouteErrorResponse` knows one, in plain JSON. */
export type RouteError = { status: number; statusText: string; internal: boolean; data: { message: string } | null };

/** As a data block (not a script that runs: the CSP allows none inline), safe inside HTML. */
export function serverStateTag(state: ServerState): string {
  return `<script type="application/json" id="${SSR_STATE_ID}">${JSON.stringify(state).replace(/</g, '\\u003c')}</script>`;
}

/** The state the server left in the page, or `null` when the page was not server-rendered. */
export function readServerState(doc: Document = document): ServerState | null {
  const el = doc.getElementById(SSR_STATE_ID);
  if (!el?.textContent) return null;
  try {
    return JSON.parse(el.textContent) as ServerState;
  } catch {
    return null;
  }
}
