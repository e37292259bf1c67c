import { cleanup } from '@testing-library/react';
import { afterEach, vi } from 'vitest';

// jsdom has neither; MUI's colour-scheme code and the scroll-to-top effect call them.
if (!window.matchMedia) {
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
window.scrollTo = vi.fn() as unknown as typeof window.scrollTo;

export function clearCookies(): void {
  for (const c of document.cookie.split(';')) {
    const name = c.split('=')[0]?.trim();
    if (name) document.cookie = `${name}=; Max-Age=0; path=/`;
  }
}

afterEach(() => {
  cleanup();
  localStorage.clear();
  sessionStorage.clear();
  clearCookies();
  delete window.__PARDE__;
});
