import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

// One project per workspace so a suite can be run alone: `npx vitest run --project domain`.
// A unit or component suite keeps one core busy, so two run at a time even on two cores. The
// projects without file parallelism then run one file at a time: the end-to-end suites, whose
// servers, worker threads and browsers keep both cores busy already, and the contract suites, which
// share one PostgreSQL server: a reader of the event log there stops below the oldest transaction
// still running on the whole server (docs/decisions.md, "The event log and read models on
// PostgreSQL"), so one suite's transactions would hold back another's reads.
export default defineConfig({
  test: {
    maxWorkers: Math.max(2, availableParallelism() - 1),
    projects: [
      { test: { name: 'domain', root: 'domain', include: ['src/**/*.spec.ts', 'test/**/*.spec.ts'] } },
      { test: { name: 'infrastructure', root: 'domain/infrastructure', include: ['src/**/*.spec.ts', 'test/**/*.spec.ts'] } },
      { test: { name: 'command-api', root: 'command-api', include: ['src/**/*.spec.ts', 'test/**/*.spec.ts'] } },
      { test: { name: 'projector', root: 'projector', include: ['src/**/*.spec.ts', 'test/**/*.spec.ts'] } },
      { test: { name: 'query-api', root: 'query-api', include: ['src/**/*.spec.ts', 'embedded/src/**/*.spec.ts', 'test/**/*.spec.ts'] } },
      'web/vitest.config.ts',
      {
        test: {
          name: 'contracts',
          root: 'tests',
          include: ['contracts/**/*.spec.ts'],
          globalSetup: ['contracts/container-runtime.global-setup.ts', 'stack/postgres.global-setup.ts'],
          testTimeout: 60_000,
          hookTimeout: 180_000,
          fileParallelism: false,
        },
      },
      {
        test: {
          name: 'e2e',
          root: 'tests',
          include: ['api/**/*.spec.ts', 'browser/**/*.spec.ts', 'faults/**/*.spec.ts'],
          globalSetup: ['browser/web-build.global-setup.ts', 'stack/postgres.global-setup.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          fileParallelism: false,
        },
      },
    ],
  },
});
