import react from '@vitejs/plugin-react';
import { defineProject } from 'vitest/config';

export default defineProject({
  plugins: [react()],
  test: {
    name: 'web',
    root: import.meta.dirname,
    environment: 'jsdom',
    include: ['src/**/*.spec.{ts,tsx}'],
    setupFiles: ['src/testing/setup-tests.ts'],
    // Files run one after another in the same worker (see the root vitest.config.ts): the setup
    // above resets what the app keeps between tests.
    isolate: false,
    // Screens typed into with user-event in jsdom share two cores with the other projects' servers
    // and browsers; a form walk can take several seconds there. A timeout is not a speed check.
    testTimeout: 15_000,
    // Same-origin fetches need a real origin for msw to match '/api/...' handlers.
    environmentOptions: { jsdom: { url: 'http://localhost:3000/' } },
  },
});
