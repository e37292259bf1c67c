import { defineConfig } from 'vitest/config';

// Three tiers, one runner: pure unit tests, API tests on a real database, web component tests in jsdom.
// Browser tests live in e2e/ and run against the built server.
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: ['packages/*/src/**/*.test.ts', 'apps/api/src/**/*.test.ts'],
          environment: 'node',
        },
      },
      {
        test: {
          name: 'api',
          include: ['apps/api/test/**/*.test.ts'],
          environment: 'node',
          testTimeout: 30_000,
          hookTimeout: 60_000,
          fileParallelism: true,
        },
      },
      'apps/*/vitest.config.ts',
    ],
  },
});
