import { defineConfig } from 'vitest/config';

// One project per workspace so a suite can be run alone: `npx vitest run --project domain`.
export default defineConfig({
  test: {
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
