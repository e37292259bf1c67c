import { cleanup } from '@testing-library/react';
import { afterEach, vi } from 'vitest';

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
