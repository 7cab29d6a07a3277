import '@testing-library/jest-dom/vitest';
// IndexedDB as the browser has it: the outbox and the saved answers live there.
import 'fake-indexeddb/auto';
import { cleanup } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, vi } from 'vitest';
import { resetPositionTracking } from '../lib/read-your-writes.ts';
import { resetConnectivity } from '../lib/connectivity.ts';
import { outbox } from '../lib/offline/app-outbox.ts';
import { OUTBOX_STORE, offlineDb, QUERY_CACHE_STORE } from '../lib/offline/offline-db.ts';
import { registerNavigate } from '../lib/navigation.ts';
import { useAuthStore } from '../stores/auth-store.ts';
import { server } from './msw-server.ts';

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));

afterEach(async () => {
  cleanup();
  outbox.stop();
  resetConnectivity();
  await Promise.all([offlineDb.clear(OUTBOX_STORE), offlineDb.clear(QUERY_CACHE_STORE)]);
  server.resetHandlers();
  vi.useRealTimers();
  useAuthStore.getState().clearAuth();
  localStorage.clear();
  sessionStorage.clear();
  resetPositionTracking();
  registerNavigate(null);
});

afterAll(() => server.close());
