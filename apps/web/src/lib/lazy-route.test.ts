import { describe, expect, it, vi } from 'vitest';
import { CHUNK_RELOAD_KEY, lazyRoute, markChunkLoaded, reloadOnceForChunkError } from './lazy-route';

const memoryEnv = () => {
  const store = new Map<string, string>();
  return {
    storage: { getItem: (k: string) => store.get(k) ?? null, setItem: (k: string, v: string) => void store.set(k, v), removeItem: (k: string) => void store.delete(k) },
    reload: vi.fn(),
  };
};

describe('chunk failure reload (spec §8)', () => {
  it('reloads once, then lets the error through (no loop)', () => {
    const env = memoryEnv();
    expect(reloadOnceForChunkError(env)).toBe(true);
    expect(env.reload).toHaveBeenCalledOnce();
    // after the reload, the same chunk fails again
    expect(reloadOnceForChunkError(env)).toBe(false);
    expect(env.reload).toHaveBeenCalledOnce();
  });

  it('a chunk that loads re-arms the reload for a later deploy', () => {
    const env = memoryEnv();
    reloadOnceForChunkError(env);
    markChunkLoaded(env);
    expect(reloadOnceForChunkError(env)).toBe(true);
    expect(env.reload).toHaveBeenCalledTimes(2);
  });

  it('never reloads when storage is unavailable', () => {
    const reload = vi.fn();
    expect(reloadOnceForChunkError({ storage: null, reload })).toBe(false);
    expect(reload).not.toHaveBeenCalled();
  });

  it('lazyRoute adapts a default export and clears the flag', async () => {
    sessionStorage.setItem(CHUNK_RELOAD_KEY, '1');
    const Page = () => null;
    await expect(lazyRoute(async () => ({ default: Page }))()).resolves.toEqual({ Component: Page });
    expect(sessionStorage.getItem(CHUNK_RELOAD_KEY)).toBeNull();
  });

  it('lazyRoute rethrows when a reload already happened', async () => {
    sessionStorage.setItem(CHUNK_RELOAD_KEY, '1');
    const error = new TypeError('Failed to fetch dynamically imported module');
    await expect(lazyRoute(() => Promise.reject(error))()).rejects.toBe(error);
  });
});
