import react from '@vitejs/plugin-react';
import { plainIcons } from './build/plain-icons';
import { defineProject } from 'vitest/config';

export default defineProject({
  plugins: [plainIcons(), react()],
  test: {
    name: 'web',
    root: import.meta.dirname,
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['./src/test/setup.ts'],
    css: false,
    restoreMocks: true,
    // Rendering the whole shell in jsdom takes seconds on a busy 2-core machine; a 5 s default flaked.
    testTimeout: 20_000,
  },
});
