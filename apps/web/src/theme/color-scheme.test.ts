import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

type Listener = () => void;

/** A device preference the test can flip, as `matchMedia` reports it. */
function fakeMedia(prefersLight: boolean) {
  const listeners: Listener[] = [];
  const state = { prefersLight };
  vi.stubGlobal('matchMedia', (query: string) => ({
    get matches() {
      return query.includes('light') ? state.prefersLight : !state.prefersLight;
    },
    addEventListener: (_: string, l: Listener) => listeners.push(l),
  }));
  return {
    set(light: boolean) {
      state.prefersLight = light;
      listeners.forEach((l) => l());
    },
  };
}

async function freshModule() {
  vi.resetModules();
  return import('./color-scheme');
}

describe('colour scheme', () => {
  const root = document.documentElement;
  beforeEach(() => {
    localStorage.clear();
    root.className = 'dark';
  });
  afterEach(() => vi.unstubAllGlobals());

  it('is dark by default, and keeps an earlier choice', async () => {
    fakeMedia(true);
    let m = await freshModule();
    expect(m.getThemeMode()).toBe('dark');
    localStorage.setItem('mui-mode', 'light');
    m = await freshModule();
    m.watchColorScheme();
    expect(m.getThemeMode()).toBe('light');
    expect(root.classList.contains('light')).toBe(true);
    expect(root.classList.contains('dark')).toBe(false);
  });

  it('switches the class on <html> and remembers the choice', async () => {
    fakeMedia(false);
    const m = await freshModule();
    m.watchColorScheme();
    m.setThemeMode('light');
    expect(root.className).toBe('light');
    expect(root.style.colorScheme).toBe('light');
    expect(localStorage.getItem('mui-mode')).toBe('light');
    m.setThemeMode('dark');
    expect(root.className).toBe('dark');
  });

  it('writes nothing to <html> when the page already shows the scheme (set before the first paint)', async () => {
    fakeMedia(false);
    root.style.colorScheme = 'dark';
    const m = await freshModule();
    const observer = new MutationObserver(() => {});
    observer.observe(root, { attributes: true });
    m.watchColorScheme();
    expect(observer.takeRecords()).toEqual([]);
    m.setThemeMode('light');
    expect(observer.takeRecords().length).toBeGreaterThan(0);
    observer.disconnect();
  });

  it('follows the device while the mode is system', async () => {
    const media = fakeMedia(false);
    const m = await freshModule();
    m.watchColorScheme();
    m.setThemeMode('system');
    expect(root.className).toBe('dark');
    media.set(true);
    expect(root.className).toBe('light');
    m.setThemeMode('dark');
    media.set(true);
    expect(root.className).toBe('dark');
  });

  it('takes a choice made in another tab', async () => {
    fakeMedia(false);
    const m = await freshModule();
    m.watchColorScheme();
    localStorage.setItem('mui-mode', 'light');
    window.dispatchEvent(new StorageEvent('storage', { key: 'mui-mode' }));
    expect(m.getThemeMode()).toBe('light');
    expect(root.className).toBe('light');
  });
});
