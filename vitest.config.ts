import { defineConfig } from 'vitest/config';

/** The API tests run on the embedded database always, and on PostgreSQL too when TEST_DATABASE_URL is set. */
const serverProjects = [
  { extends: './apps/server/vitest.config.ts', test: { name: 'server', root: './apps/server' } },
  ...(process.env.TEST_DATABASE_URL
    ? [{ extends: './apps/server/vitest.config.ts', test: { name: 'server-pg', root: './apps/server' } }]
    : []),
];

export default defineConfig({
  test: {
    // Two cores here and in CI; each API test file loads its own PGlite copy.
    maxWorkers: 2,
    projects: [
      {
        test: {
          name: 'packages',
          include: ['packages/*/src/**/*.test.ts'],
          environment: 'node',
          // Property tests run hundreds of cases over whole documents: seconds on a loaded 2-core machine.
          testTimeout: 30_000,
        },
      },
      ...serverProjects,
      'apps/web/vitest.config.ts',
    ],
  },
});
