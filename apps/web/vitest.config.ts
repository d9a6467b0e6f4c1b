import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'web',
    include: ['src/**/*.test.{ts,tsx}'],
    environment: 'jsdom',
    setupFiles: ['src/test/setup.ts'],
    // A first render imports a lazy module chunk through jsdom: seconds on a loaded 2-core machine.
    testTimeout: 30_000,
  },
});
