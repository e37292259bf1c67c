import { hydrate } from '@tanstack/react-query';
import { screen, waitFor } from '@testing-library/react';
import { act, StrictMode } from 'react';
import { hydrateRoot, type Root } from 'react-dom/client';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { App } from '../../../app/app';
import { createAppRouter, loadRoutesFor } from '../../../app/router';
import { render as renderOnServer, type FetchApi } from '../../../entry-server';
import { queryClient } from '../../../lib/query-client';
import { readServerState } from '../../../lib/ssr-state';
import { matrixDetail } from './title-fixtures';

// With no picture of the director and the cast: the server's markup must not depend on artwork.
const base = matrixDetail('http://parde.test');
const detail = {
  ...base,
  cast: base.cast.map((c) => ({ ...c, image: null })),
  directors: [{ id: 4, path: '/people/director/4/lana-wachowski', image: null, fullnameEn: 'Lana Wachowski', fullnameFa: 'لانا واچوفسکی', character: null }],
};

/** The API as the server renderer sees it (see entry-server.test.tsx). */
const fetchApi: FetchApi = async (path) => {
  const pathname = path.split('?')[0]!;
  const json = (status: number, body: unknown) => ({ status, headers: { 'content-type': 'application/json; charset=utf-8' }, body: JSON.stringify(body) });
  if (pathname === '/api/titles/7') return json(200, { data: detail });
  if (pathname.endsWith('/topcomments')) return json(200, { data: [], meta: { currentPage: 1, lastPage: 1, perPage: 10, total: 0 } });
  return json(200, { data: [] });
};

let root: Root | null = null;
afterEach(() => {
  act(() => root?.unmount());
  root = null;
  queryClient.clear();
  document.body.innerHTML = '';
});

describe('the title page written by the server', () => {
  it('is plain markup, with no MUI styles to send', async () => {
    const page = await renderOnServer('/titles/7/the-matrix', fetchApi);
    const { html, styles } = page!;
    expect(html).toContain('data-testid="title-hero"');
    expect(html).toContain('ماتریکس');
    expect(html).toContain('data-testid="comments-visitor"');
    expect(html).not.toMatch(/muirtl-|\bMui[A-Z]/);
    expect(styles).toBe('');
  });

  it('is taken over by the browser without a mismatch', async () => {
    // React's own act(), outside Testing Library's render.
    (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
    const page = await renderOnServer('/titles/7/the-matrix', fetchApi);
    document.body.innerHTML = `<div id="root">${page!.html}</div>${page!.state}`;
    window.history.replaceState(null, '', '/titles/7/the-matrix');
    hydrate(queryClient, readServerState()!.queries);
    await loadRoutesFor('/titles/7/the-matrix');
    const router = createAppRouter({ hydrated: true });
    const mismatches: unknown[] = [];
    const consoleError = vi.spyOn(console, 'error');
    await act(async () => {
      root = hydrateRoot(
        document.getElementById('root')!,
        <StrictMode>
          <App router={router} />
        </StrictMode>,
        { onRecoverableError: (error) => mismatches.push(error) },
      );
    });
    await waitFor(() => expect(document.documentElement.dataset.appReady).toBe('true'));
    expect(screen.getByRole('heading', { level: 1, name: 'ماتریکس' })).toBeTruthy();
    expect(mismatches).toEqual([]);
    const hydrationErrors = consoleError.mock.calls.filter((args) => /hydrat|did not match/i.test(args.map(String).join(' ')));
    expect(hydrationErrors).toEqual([]);
  });
});
