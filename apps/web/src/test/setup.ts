import { cleanup, configure } from '@testing-library/react';
import { afterEach, vi } from 'vitest';
import { useAuthStore } from '../features/auth/stores/auth-store';
import { useProfileStore } from '../features/profiles/stores/profile-store';
import { useSearchStore } from '../features/search/stores/search-store';
import { useNoticeStore } from '../lib/notifications';
import { setProfileHeader } from '../lib/profile-header';
import { queryClient } from '../lib/query-client';

// A screen's code is transformed on first import: on a loaded machine that alone can pass the
// default 1 s that findBy… waits. Waiting longer changes nothing for a test that passes, and a
// test whose element never comes still fails.
configure({ asyncUtilTimeout: 5000 });

// Server-rendering tests run in Node (`@vitest-environment node`): no DOM to prepare or clean.
const hasDom = typeof window !== 'undefined';

// jsdom has neither; MUI's colour-scheme code and the scroll-to-top effect call them.
if (hasDom && !window.matchMedia) {
  Object.defineProperty(window, 'matchMedia', {
    configurable: true,
    value: (query: string) => ({
      matches: false,
      media: query,
      onchange: null,
      addListener: () => {},
      removeListener: () => {},
      addEventListener: () => {},
      removeEventListener: () => {},
      dispatchEvent: () => false,
    }),
  });
}
if (hasDom) window.scrollTo = vi.fn() as unknown as typeof window.scrollTo;

export function clearCookies(): void {
  for (const c of document.cookie.split(';')) {
    const name = c.split('=')[0]?.trim();
    if (name) document.cookie = `${name}=; Max-Age=0; path=/`;
  }
}

/**
 * The files of a worker share their modules (apps/web/vitest.config.ts): a store keeps what the
 * previous test put in it (a notice still showing, a signed-in member, answers in the query
 * cache, the profile the client names) unless put back here.
 */
function resetStores(): void {
  queryClient.clear();
  setProfileHeader(null);
  useNoticeStore.setState(useNoticeStore.getInitialState(), true);
  useSearchStore.setState(useSearchStore.getInitialState(), true);
  useProfileStore.setState(useProfileStore.getInitialState(), true);
  // Its first state read the token of whichever test loaded it first; storage is empty now.
  useAuthStore.setState({ ...useAuthStore.getInitialState(), token: null }, true);
}

afterEach(() => {
  if (!hasDom) return;
  cleanup();
  localStorage.clear();
  sessionStorage.clear();
  clearCookies();
  delete window.__PARDE__;
  resetStores();
});
