import react from '@vitejs/plugin-react';
import { plainIcons } from './build/plain-icons.ts';
import { configDefaults, defineProject } from 'vitest/config';

/**
 * Test files that replace a module with `vi.mock`: a replacement only takes where the module is
 * imported afresh, so these keep a module graph of their own (the `web-isolated` project in the
 * root config). A new file that calls `vi.mock` belongs here.
 */
export const webFilesWithModuleMocks = [
  'src/admin/features/ops/ops-screens.test.tsx',
  'src/app/layout/header-search.test.tsx',
  'src/features/search/components/search-panel.test.tsx',
  'src/features/premium/components/join-screen.test.tsx',
  'src/features/comments/components/comment-section.test.tsx',
  'src/features/player/components/player.test.tsx',
];

const plugins = [plainIcons(), react()];
const shared = {
  root: import.meta.dirname,
  environment: 'jsdom' as const,
  setupFiles: ['./src/test/setup.ts'],
  css: false,
  restoreMocks: true,
  // Rendering the whole shell in jsdom takes seconds on a busy 2-core machine: a 5 s default
  // flaked, and 20 s did too for the longest flows (a form, its errors, a save, a publish) while
  // CI's three lanes shared the two cores. A test that passes takes no longer for it.
  testTimeout: 60_000,
};

/**
 * The files of a worker share one module graph (`isolate: false`): React, MUI and the app are
 * evaluated once per worker instead of once per file, which took most of the web tests'
 * processor time (307 s → 117 s for the 76 files). What a file leaves behind in the shared
 * modules — the stores, the DOM, storage, cookies — is reset after every test (src/test/setup.ts).
 */
export default defineProject({
  plugins,
  test: {
    ...shared,
    name: 'web',
    include: ['src/**/*.test.{ts,tsx}'],
    exclude: [...configDefaults.exclude, ...webFilesWithModuleMocks],
    isolate: false,
    // Every lazily loaded screen loaded before a file's tests, so none is still loading when it ends.
    setupFiles: [...shared.setupFiles, './src/test/shared-graph.ts'],
  },
});

/** The files with module mocks, each in a module graph of its own. */
export const isolatedWebProject = defineProject({
  plugins,
  test: { ...shared, name: 'web-isolated', include: webFilesWithModuleMocks, isolate: true },
});
