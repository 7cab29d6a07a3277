import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

// One project per workspace so a suite can be run alone: `npx vitest run --project domain`.
// Projects run in groups, one group after another (`sequence.groupOrder`; the projects of a group
// share its workers):
// 0. the unit and component suites, two files at a time: each keeps one core busy;
// 1. the API and browser end-to-end suites (e2e), two at a time, each with its own server and browser;
// 2. the contract suites, one at a time: they share one PostgreSQL server, and a reader of the
//    event log there stops below the oldest transaction still running on the whole server
//    (docs/decisions.md, "The event log and read models on PostgreSQL"), so one suite's
//    transactions would hold back another's reads;
// 3. the fault suites, one at a time: they kill and restart processes and time what follows, and
//    two of them share a PostgreSQL server too.
// Two at a time, an end-to-end test takes up to two thirds longer (the longest, axe over every
// screen, 35 s instead of 21): its timeout leaves room for a busier machine, and is not a speed check.
//
// No project isolates its files: a worker runs file after file in one process, so the packages
// and the sources a file imports are loaded once a worker, not once a file. Loaded anew for each
// file, they took longer than most files' tests: ten end-to-end files ran in 71 s isolated and
// 41 s not, the unit and component projects in 203 s and 78 s. What a file starts (servers,
// browsers, timers) it stops in its own afterAll, and the web project's setup resets the app's
// stores after each test.
const isolate = false;

export default defineConfig({
  test: {
    maxWorkers: Math.max(2, availableParallelism() - 1),
    projects: [
      { test: { name: 'domain', isolate, root: 'domain', include: ['src/**/*.spec.ts', 'test/**/*.spec.ts'] } },
      { test: { name: 'infrastructure', isolate, root: 'domain/infrastructure', include: ['src/**/*.spec.ts', 'test/**/*.spec.ts'] } },
      { test: { name: 'command-api', isolate, root: 'command-api', include: ['src/**/*.spec.ts', 'test/**/*.spec.ts'] } },
      { test: { name: 'projector', isolate, root: 'projector', include: ['src/**/*.spec.ts', 'test/**/*.spec.ts'] } },
      { test: { name: 'query-api', isolate, root: 'query-api', include: ['src/**/*.spec.ts', 'embedded/src/**/*.spec.ts', 'test/**/*.spec.ts'] } },
      'web/vitest.config.ts',
      {
        test: {
          name: 'e2e',
          isolate,
          sequence: { groupOrder: 1 },
          root: 'tests',
          include: ['api/**/*.spec.ts', 'browser/**/*.spec.ts'],
          globalSetup: ['browser/web-build.global-setup.ts'],
          testTimeout: 120_000,
          hookTimeout: 120_000,
        },
      },
      {
        test: {
          name: 'contracts',
          isolate,
          sequence: { groupOrder: 2 },
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
          name: 'faults',
          isolate,
          sequence: { groupOrder: 3 },
          root: 'tests',
          include: ['faults/**/*.spec.ts'],
          globalSetup: ['stack/postgres.global-setup.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          fileParallelism: false,
        },
      },
    ],
  },
});
