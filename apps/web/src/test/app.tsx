import { render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach } from 'vitest';
import { AppProvider } from '../app/provider';
import { routes } from '../app/router';
import { api, type Adapter } from '../lib/api-client';

/** The whole app (providers, layout, every route) opened at `path`; its router, to read where it went. */
export function renderAppAt(path: string) {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  render(
    <AppProvider>
      <RouterProvider router={router} />
    </AppProvider>,
  );
  return router;
}

/**
 * The API client answers with `adapter` in each test of the file (the HTTP layer at the edge,
 * nothing inside the app), and the real one is put back after each.
 */
export function answerApiWith(adapter: Adapter): void {
  const original = api.defaults.adapter;
  beforeEach(() => {
    api.defaults.adapter = adapter;
  });
  afterEach(() => {
    api.defaults.adapter = original;
  });
}
