import { defineConfig } from 'vitest/config';

// Browser tests against the built site served by the real API process (see global-setup.ts).
export default defineConfig({
  test: {
    name: 'e2e',
    root: import.meta.dirname,
    environment: 'node',
    include: ['specs/**/*.test.ts'],
    globalSetup: ['./global-setup.ts'],
    // One server, one browser per file, files one after another.
    fileParallelism: false,
    maxWorkers: 1,
    testTimeout: 60_000,
    // expect.poll waits 1 s by default: a page under CI's load took longer to show what it polls for.
    expect: { poll: { timeout: 15_000 } },
    hookTimeout: 180_000,
  },
});
