import { beforeAll } from 'vitest';

/**
 * The `web` project's files share one module graph per worker (apps/web/vitest.config.ts). A
 * module a test loads lazily (a route's screen, a member's controls, a dialog) can still be
 * loading when its file ends; vitest then refuses the load (EnvironmentTeardownError), and the
 * modules half evaluated by it stay broken for every later file of the worker: on 2026-12-01 the
 * member controls that profiles.test.tsx had begun to load failed all of title-rating.test.tsx
 * after it. So before a file's tests every module of the app is loaded, once per worker (every
 * later file finds them in the graph), and no load of the app's is left in flight when a file
 * ends. The entries (main.ts, admin/main.tsx, entry-server.tsx), which start an app when
 * imported, are not among them.
 */
const modules = import.meta.glob(['../{app,features,components,lib,config}/**/*.{ts,tsx}', '../admin/{app,features}/**/*.{ts,tsx}', '!**/*.test.{ts,tsx}']);

// The first file of a worker transforms the whole app, which once took longer than the 10 s
// default (CI of 2026-12-02, beside the browser tests on a slow hour). A hook that times out
// fails its whole file, so it is given the time a loaded machine needs.
const LOAD_THE_APP_MS = 120_000;

beforeAll(async () => {
  // Server-rendering files run in Node, with no DOM for the browser's modules.
  if (typeof window === 'undefined') return;
  await Promise.all(Object.values(modules).map((load) => load()));
}, LOAD_THE_APP_MS);
