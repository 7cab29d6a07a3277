import { readdirSync } from 'node:fs';
import path from 'node:path';
import js from '@eslint/js';
import i18next from 'eslint-plugin-i18next';
import tseslint from 'typescript-eslint';

const adapterPackages = ['better-sqlite3', '@eventstore/db-client', 'mongodb', 'pg', 'mingo', 'bullmq', 'ioredis', 'fastify', 'jose'];

/**
 * A relative path that climbs into another workspace ('../../command-api/src/...') would slip past
 * the package-name boundaries, so each boundary names the folders too.
 */
const relativeInto = (folders, message) => ({ regex: `^\\.{1,2}/(?:.*/)?(?:${folders.join('|')})(?:/|$)`, message });
const SERVICES_APART = 'Services do not import each other; the embedded default (query-api/embedded) composes them.';

/**
 * The composition roots that may start command-api's routes and jobs and the projector: the
 * embedded default's package, and the full stack's query-api process, which describes the writes
 * it forwards with command-api's routes.
 */
const queryApiComposition = ['query-api/embedded/src/**/*.ts', 'query-api/src/server.ts'];

// Repeated in every web zone below: a later block's options replace an earlier block's.
const webOverHttpOnly = [
  { regex: '^@nightlight/(?!domain/)', message: 'The web app talks to the server over HTTP only.' },
  // The domain is pure and shared: the web takes the API's types, limits and messages from it. Its
  // event schemas are written with the full zod, which the web's bundle does without (zod/mini).
  { group: ['@nightlight/domain/events/*'], message: 'The event schemas stay on the server: import their types only.', allowTypeImports: true },
  // The answer schemas (*.schemas.ts) describe the API for its description and its tests: the web
  // takes the views' types from the files beside them, and its bundle does without these.
  { group: ['@nightlight/domain/**/*.schemas'], message: 'The answer schemas stay on the server: import the view types from the files beside them.', allowTypeImports: true },
];
const webFeatures = readdirSync(path.join(import.meta.dirname, 'web/src/features'), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

export default tseslint.config(
  { ignores: ['**/node_modules/**', '**/dist/**', 'data/**', 'tests/artifacts/**', 'coverage/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    // The build and start scripts run under plain node, before any bundle exists.
    files: ['query-api/build/**/*.mjs', 'tests/bench/support/*.mjs'],
    languageOptions: { globals: { process: 'readonly', console: 'readonly' } },
  },
  {
    // The pure domain: no I/O, no adapters, no services.
    files: ['domain/src/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['node:*', ...adapterPackages], message: 'The domain is pure: no I/O or adapter libraries.' },
            { group: ['@nightlight/infrastructure/*', '@nightlight/command-api/*', '@nightlight/projector/*', '@nightlight/query-api/*'], message: 'The domain imports no adapter and no service.' },
            relativeInto(['infrastructure', 'command-api', 'projector', 'query-api', 'web'], 'The domain imports no adapter and no service.'),
          ],
        },
      ],
    },
  },
  {
    files: ['domain/infrastructure/src/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['@nightlight/command-api/*', '@nightlight/projector/*', '@nightlight/query-api/*'], message: 'Adapters serve the services; they import none of them.' },
            relativeInto(['command-api', 'projector', 'query-api', 'web'], 'Adapters serve the services; they import none of them.'),
          ],
        },
      ],
    },
  },
  {
    files: ['command-api/src/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ group: ['@nightlight/projector/*', '@nightlight/query-api/*'], message: SERVICES_APART }, relativeInto(['projector', 'query-api', 'web'], SERVICES_APART)] },
      ],
    },
  },
  {
    files: ['projector/src/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ group: ['@nightlight/command-api/*', '@nightlight/query-api/*'], message: SERVICES_APART }, relativeInto(['command-api', 'query-api', 'web'], SERVICES_APART)] },
      ],
    },
  },
  {
    // The edge reads its own read models; command-api and the projector are started only by its
    // composition roots. The research route streams the projector's research export (a pure
    // replay of the log), the one module of another service it may use.
    files: ['query-api/src/**/*.ts'],
    ignores: queryApiComposition,
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { regex: '^@nightlight/(?:command-api/|projector/(?!research/research-(?:export|tables-writer)$))', message: `${SERVICES_APART} Only ${queryApiComposition.join(' and ')} import them.` },
            relativeInto(['command-api', 'projector', 'web'], SERVICES_APART),
          ],
        },
      ],
    },
  },
  {
    files: queryApiComposition,
    rules: {
      'no-restricted-imports': ['error', { patterns: [relativeInto(['command-api', 'projector', 'web'], 'Compose the services through their package names (@nightlight/...).')] }],
    },
  },
  {
    files: ['web/src/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': ['error', { patterns: webOverHttpOnly }],
    },
  },
  // One zone per web feature: it may import shared code (components, lib, stores, types) and its
  // own folders, never another feature or the app; route modules in web/src/app compose them.
  ...webFeatures.map((feature) => ({
    files: [`web/src/features/${feature}/**/*.{ts,tsx}`],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            ...webOverHttpOnly,
            {
              regex: `^(\\.\\./)+(features/)?(${webFeatures.filter((other) => other !== feature).join('|')})/`,
              message: `Features do not import each other: compose ${feature} with other features in a route module (web/src/app/routes).`,
            },
            { regex: '^(\\.\\./)+app/', message: 'Features do not import the app; the app imports features.' },
          ],
        },
      ],
    },
  })),
  {
    // Every text the web app shows comes from its catalogs (web/src/lib/i18n/catalogs): no words
    // written into JSX, its attributes or the expressions inside it. A lowercase token without spaces
    // ('secondary', 'current-password', '/reports') is a value for the code, not for a reader.
    files: ['web/src/**/*.tsx'],
    ignores: ['web/src/**/*.spec.tsx', 'web/src/testing/**'],
    plugins: { i18next },
    rules: {
      'i18next/no-literal-string': [
        'error',
        {
          mode: 'jsx-only',
          'jsx-attributes': {
            exclude: ['className', 'style', 'type', 'key', 'id', 'width', 'height', 'variant', 'name', 'autoComplete', 'autoCapitalize', 'inputMode', 'role', 'to', 'href', 'rel', 'target', 'htmlFor', 'dateTime', 'data-.*', 'aria-(live|current|hidden|expanded|controls|describedby|labelledby)'],
          },
          words: { exclude: ['^[a-z0-9/#.][\\w./:#%=?&-]*$', '^[\\d\\s!-/:-@[-`{-~·–•○✓←→↑↓]+$'] },
        },
      ],
    },
  },
  {
    files: ['**/*.spec.ts', '**/*.spec.tsx', 'tests/**/*.ts'],
    rules: { '@typescript-eslint/no-explicit-any': 'off', '@typescript-eslint/no-non-null-assertion': 'off' },
  },
);
