import { useSyncExternalStore } from 'react';

/**
 * Light, dark or system (spec §4), kept by the site itself rather than by MUI's theme provider,
 * so the shell and public screens need none of MUI's code (docs/decisions/0010). The colours
 * are CSS variables under `html.dark` / `html.light` (theme/theme-vars.css); switching only
 * changes that class, so nothing re-renders. MUI's own providers are told to leave it alone.
 */
export type ThemeMode = 'dark' | 'light' | 'system';
export type ColorScheme = 'dark' | 'light';

/** The key MUI used before, so a visitor's earlier choice is kept. */
export const MODE_STORAGE_KEY = 'mui-mode';
const DEFAULT_MODE: ThemeMode = 'dark';
const SCHEMES: ColorScheme[] = ['dark', 'light'];
/** `system` is dark unless the device asks for light (src/app-start.js agrees). */
const LIGHT_QUERY = '(prefers-color-scheme: light)';

const listeners = new Set<() => void>();

function readStoredMode(): ThemeMode {
  try {
    const stored = window.localStorage.getItem(MODE_STORAGE_KEY);
    if (stored === 'dark' || stored === 'light' || stored === 'system') return stored;
  } catch {
    // Storage blocked (private mode, policies): the default stands.
  }
  return DEFAULT_MODE;
}

let mode: ThemeMode | null = null;

export function getThemeMode(): ThemeMode {
  if (typeof window === 'undefined') return DEFAULT_MODE;
  mode ??= readStoredMode();
  return mode;
}

/** The scheme a mode shows now: for `system`, what the device prefers. */
export function schemeOf(m: ThemeMode): ColorScheme {
  if (m !== 'system') return m;
  return typeof window !== 'undefined' && window.matchMedia?.(LIGHT_QUERY).matches ? 'light' : 'dark';
}

/** Puts the scheme's class on `<html>` (and the matching browser UI colour). */
export function applyColorScheme(root: HTMLElement = document.documentElement): void {
  const scheme = schemeOf(getThemeMode());
  // Only what differs is written: `/app-start.js` has usually set it all before the first paint,
  // and writing `color-scheme` again, even unchanged, had the browser restyle and repaint the page.
  for (const s of SCHEMES) if (s !== scheme && root.classList.contains(s)) root.classList.remove(s);
  if (!root.classList.contains(scheme)) root.classList.add(scheme);
  if (root.style.colorScheme !== scheme) root.style.colorScheme = scheme;
}

export function setThemeMode(next: ThemeMode): void {
  mode = next;
  try {
    window.localStorage.setItem(MODE_STORAGE_KEY, next);
  } catch {
    // Not kept past this page, but still shown.
  }
  applyColorScheme();
  for (const l of listeners) l();
}

let watching = false;

/**
 * Follows the device's preference while the mode is `system`, and a choice made in another tab.
 * Called once, when the app starts.
 */
export function watchColorScheme(): void {
  if (watching || typeof window === 'undefined') return;
  watching = true;
  window.matchMedia?.(LIGHT_QUERY).addEventListener?.('change', () => {
    if (getThemeMode() === 'system') applyColorScheme();
  });
  window.addEventListener('storage', (e) => {
    if (e.key !== MODE_STORAGE_KEY) return;
    mode = readStoredMode();
    applyColorScheme();
    for (const l of listeners) l();
  });
  applyColorScheme();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The chosen mode; the server renders the default (the page's class is set before paint). */
export function useThemeMode(): ThemeMode {
  return useSyncExternalStore(subscribe, getThemeMode, () => DEFAULT_MODE);
}
