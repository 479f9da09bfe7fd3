import { defineConfig } from 'vitest/config';

// One config, four projects: `npm test` (scripts/test.mjs) runs each and totals the results.
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          environment: 'node',
          include: ['packages/*/src/**/*.test.ts', 'apps/server/src/**/*.test.ts', 'scripts/**/*.test.ts'],
          exclude: ['**/*.int.test.ts', '**/node_modules/**'],
        },
      },
      'apps/web/vitest.config.ts',
      {
        test: {
          name: 'integration',
          environment: 'node',
          include: ['apps/server/src/**/*.int.test.ts'],
          // *.pg.int.test.ts need a PostgreSQL server (e.g. cutting the connection); PGlite runs in-process
          exclude: ['**/node_modules/**', ...(process.env.DATABASE_URL ? [] : ['**/*.pg.int.test.ts'])],
          testTimeout: 30_000,
          hookTimeout: 60_000,
          // PGlite takes ~700 MB and 2-4 s per instance: two files at a time on two cores
          maxWorkers: 2,
        },
      },
      {
        test: {
          name: 'e2e',
          environment: 'node',
          include: ['e2e/**/*.spec.ts'],
          testTimeout: 60_000,
          // a page on two cores shared with another journey can take seconds to settle; 1 s flakes
          expect: { poll: { timeout: 10_000 } },
          hookTimeout: 120_000,
          // each file has its own server and Chromium; a journey waits far more than it computes (about
          // 0.6 of a core), so two files at a time on two cores
          maxWorkers: 2,
        },
      },
    ],
  },
});
