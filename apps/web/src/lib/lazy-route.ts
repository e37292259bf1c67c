import { lazy, type ComponentType } from 'react';

/** sessionStorage key: set just before the one reload a failed chunk may cause. */
export const CHUNK_RELOAD_KEY = 'parde:chunk-reload';

type ReloadEnv = {
  storage: Pick<Storage, 'getItem' | 'setItem' | 'removeItem'> | null;
  reload: () => void;
};

let reloadTarget: () => string | null = () => null;

/** The router tells where a navigation is heading (the address bar still shows the old page). */
export function setReloadTarget(getTarget: () => string | null): void {
  reloadTarget = getTarget;
}

function browserEnv(): ReloadEnv {
  let storage: Storage | null = null;
  try {
    storage = window.sessionStorage;
  } catch {
    storage = null; // storage blocked: never reload, so no loop is possible
  }
  return {
    storage,
    reload: () => {
      const target = reloadTarget();
      if (target && target !== window.location.pathname + window.location.search + window.location.hash) {
        window.location.assign(target);
      } else {
        window.location.reload();
      }
    },
  };
}

/**
 * Spec §8: a screen whose code fails to load (usually a deploy replaced the hashed files)
 * reloads the page once. A second failure in the same tab, before any chunk succeeded, is
 * rethrown so the route error page shows instead of a reload loop.
 * Returns `true` when a reload was started.
 */
export function reloadOnceForChunkError(env: ReloadEnv = browserEnv()): boolean {
  if (!env.storage) return false;
  if (env.storage.getItem(CHUNK_RELOAD_KEY)) return false;
  env.storage.setItem(CHUNK_RELOAD_KEY, String(Date.now()));
  env.reload();
  return true;
}

export function markChunkLoaded(env: ReloadEnv = browserEnv()): void {
  env.storage?.removeItem(CHUNK_RELOAD_KEY);
}

type RouteModule = { default: ComponentType };

/**
 * Adapts `() => import('./routes/x')` to React Router's `lazy`, with the reload-once rule.
 */
export function lazyRoute(load: () => Promise<RouteModule>) {
  return async (): Promise<{ Component: ComponentType }> => {
    let mod: RouteModule;
    try {
      mod = await load();
    } catch (error) {
      // While the page reloads, keep the router waiting instead of flashing the error page.
      if (reloadOnceForChunkError()) return new Promise<never>(() => {});
      throw error;
    }
    markChunkLoaded();
    return { Component: mod.default };
  };
}

/**
 * `React.lazy` with the same reload-once rule, for parts of the shell loaded on first use
 * (side menu, theme menu, toaster): after a deploy their old chunk is gone too.
 */
export function lazyComponent<P extends object>(load: () => Promise<{ default: ComponentType<P> }>) {
  return lazy(async () => {
    try {
      const mod = await load();
      markChunkLoaded();
      return mod;
    } catch (error) {
      if (reloadOnceForChunkError()) return new Promise<never>(() => {});
      throw error;
    }
  });
}
