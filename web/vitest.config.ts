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
    // Same-origin fetches need a real origin for msw to match '/api/...' handlers.
    environmentOptions: { jsdom: { url: 'http://localhost:3000/' } },
  },
});
