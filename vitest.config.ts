import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

const contractsSetup = {
  root: 'tests',
  globalSetup: ['contracts/container-runtime.global-setup.ts', 'stack/postgres.global-setup.ts'],
  testTimeout: 60_000,
  hookTimeout: 180_000,
};

// One project per workspace so a suite can be run alone: `npx vitest run --project domain`.
// A unit, component or contract suite keeps one core busy, so two run at a time even on two cores.
// Then the projects without file parallelism run one file at a time: the end-to-end suites, whose
// servers, worker threads and browsers keep both cores busy already, and the suite that holds
// PostgreSQL transactions open on purpose (a transaction's id is the whole server's, so an open one
// holds back every other suite's event log on that server meanwhile).
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
      { test: { name: 'contracts', ...contractsSetup, include: ['contracts/**/*.spec.ts'], exclude: ['contracts/event-log-gaps.contract.spec.ts'] } },
      { test: { name: 'contracts-alone', ...contractsSetup, include: ['contracts/event-log-gaps.contract.spec.ts'], fileParallelism: false } },
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
