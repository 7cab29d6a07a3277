import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, vi } from 'vitest';
import { resetPositionTracking } from '../lib/read-your-writes.ts';
import { registerNavigate } from '../lib/navigation.ts';
import { useAuthStore } from '../stores/auth-store.ts';
import { server } from './msw-server.ts';

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));

afterEach(() => {
  cleanup();
  server.resetHandlers();
  vi.useRealTimers();
  useAuthStore.getState().clearAuth();
  localStorage.clear();
  sessionStorage.clear();
  resetPositionTracking();
  registerNavigate(null);
});

afterAll(() => server.close());
