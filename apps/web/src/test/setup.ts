import { cleanup, configure } from '@testing-library/react';
import { afterEach, vi } from 'vitest';

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

afterEach(() => {
  if (!hasDom) return;
  cleanup();
  localStorage.clear();
  sessionStorage.clear();
  clearCookies();
  delete window.__PARDE__;
});
