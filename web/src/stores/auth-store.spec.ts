import { afterEach, describe, expect, it, vi } from 'vitest';
import { testUser } from '../testing/auth-fixtures.ts';
import { reloadAuthFromStorage, useAuthStore } from './auth-store.ts';

const DAY = 24 * 60 * 60 * 1000;
const NOW = new Date('2025-06-01T12:00:00Z').getTime();

function freezeClock(at = NOW) {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(at);
}

afterEach(() => {
  vi.useRealTimers();
});

describe('auth store', () => {
  it('setAuth signs in and sets the expiry 24 hours from now', () => {
    freezeClock();
    useAuthStore.getState().setAuth(testUser, 'a', 'r');

    expect(useAuthStore.getState()).toMatchObject({
      user: testUser,
      accessToken: 'a',
      refreshToken: 'r',
      isAuthenticated: true,
      sessionExpiry: NOW + DAY,
    });
  });

  it("persists the session's fields under 'auth-storage'", () => {
    freezeClock();
    useAuthStore.getState().setAuth(testUser, 'a', 'r');

    const stored = JSON.parse(localStorage.getItem('auth-storage') ?? 'null');
    expect(stored.state).toEqual({
      user: testUser,
      accessToken: 'a',
      refreshToken: 'r',
      isAuthenticated: true,
      sessionExpiry: NOW + DAY,
      refreshRetryKey: null,
    });
  });

  it('keeps one retry key per refresh token, in storage, until new tokens arrive', async () => {
    useAuthStore.getState().setAuth(testUser, 'a', 'r');
    const key = useAuthStore.getState().retryKeyForRefresh();
    expect(key).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(useAuthStore.getState().retryKeyForRefresh()).toBe(key);
    // A reload finds it where the tab left it.
    const stored = localStorage.getItem('auth-storage')!;
    useAuthStore.setState({ refreshRetryKey: null });
    localStorage.setItem('auth-storage', stored);
    await reloadAuthFromStorage();
    expect(useAuthStore.getState().retryKeyForRefresh()).toBe(key);

    useAuthStore.getState().setTokens('a2', 'r2');
    expect(useAuthStore.getState().refreshRetryKey).toBeNull();
    expect(useAuthStore.getState().retryKeyForRefresh()).not.toBe(key);
  });

  it('clearAuth returns to signed out', () => {
    useAuthStore.getState().setAuth(testUser, 'a', 'r');
    useAuthStore.getState().clearAuth();

    expect(useAuthStore.getState()).toMatchObject({
      user: null,
      accessToken: null,
      refreshToken: null,
      isAuthenticated: false,
      sessionExpiry: null,
    });
  });

  it('updateUser merges into an existing user and does nothing when signed out', () => {
    useAuthStore.getState().updateUser({ onboardingCompleted: true });
    expect(useAuthStore.getState().user).toBeNull();

    useAuthStore.getState().setAuth({ ...testUser, onboardingCompleted: false }, 'a', 'r');
    useAuthStore.getState().updateUser({ onboardingCompleted: true });
    expect(useAuthStore.getState().user).toEqual({ ...testUser, onboardingCompleted: true });
  });

  it('a session is valid only before its expiry', () => {
    freezeClock();
    expect(useAuthStore.getState().isSessionValid()).toBe(false);

    useAuthStore.getState().setAuth(testUser, 'a', 'r');
    expect(useAuthStore.getState().isSessionValid()).toBe(true);

    vi.setSystemTime(NOW + DAY - 1);
    expect(useAuthStore.getState().isSessionValid()).toBe(true);

    vi.setSystemTime(NOW + DAY);
    expect(useAuthStore.getState().isSessionValid()).toBe(false);
  });

  it('checkSession clears an expired session and keeps a live one', () => {
    freezeClock();
    useAuthStore.getState().setAuth(testUser, 'a', 'r');
    expect(useAuthStore.getState().checkSession()).toBe(true);
    expect(useAuthStore.getState().isAuthenticated).toBe(true);

    vi.setSystemTime(NOW + DAY + 1);
    expect(useAuthStore.getState().checkSession()).toBe(false);
    expect(useAuthStore.getState()).toMatchObject({ isAuthenticated: false, user: null, accessToken: null });
  });

  it('clears an expired session when it is loaded back from storage', async () => {
    freezeClock();
    localStorage.setItem(
      'auth-storage',
      JSON.stringify({
        state: { user: testUser, accessToken: 'a', refreshToken: 'r', isAuthenticated: true, sessionExpiry: NOW - 1 },
        version: 0,
      }),
    );

    await useAuthStore.persist.rehydrate();

    expect(useAuthStore.getState()).toMatchObject({ isAuthenticated: false, user: null, sessionExpiry: null });
  });

  it('keeps a live session when it is loaded back from storage', async () => {
    freezeClock();
    localStorage.setItem(
      'auth-storage',
      JSON.stringify({
        state: { user: testUser, accessToken: 'a', refreshToken: 'r', isAuthenticated: true, sessionExpiry: NOW + 1000 },
        version: 0,
      }),
    );

    await useAuthStore.persist.rehydrate();

    expect(useAuthStore.getState()).toMatchObject({ isAuthenticated: true, user: testUser, accessToken: 'a' });
  });

  describe('another tab changing the stored session', () => {
    /** Writes as another tab's store would, then tells this tab the way the browser does. */
    function writeFromAnotherTab(state: Record<string, unknown> | null) {
      const newValue = state === null ? null : JSON.stringify({ state, version: 0 });
      if (newValue === null) localStorage.removeItem('auth-storage');
      else localStorage.setItem('auth-storage', newValue);
      window.dispatchEvent(new StorageEvent('storage', { key: 'auth-storage', newValue, storageArea: localStorage }));
    }

    it('takes the tokens another tab refreshed, so this tab never refreshes with a spent one', async () => {
      freezeClock();
      useAuthStore.getState().setAuth(testUser, 'a', 'r');

      writeFromAnotherTab({ user: testUser, accessToken: 'a2', refreshToken: 'r2', isAuthenticated: true, sessionExpiry: NOW + DAY });

      await vi.waitFor(() => expect(useAuthStore.getState()).toMatchObject({ accessToken: 'a2', refreshToken: 'r2' }));
      expect(useAuthStore.getState().isAuthenticated).toBe(true);
    });

    it('signs out when another tab signs out', async () => {
      freezeClock();
      useAuthStore.getState().setAuth(testUser, 'a', 'r');

      writeFromAnotherTab({ user: null, accessToken: null, refreshToken: null, isAuthenticated: false, sessionExpiry: null });

      await vi.waitFor(() => expect(useAuthStore.getState().isAuthenticated).toBe(false));
      expect(useAuthStore.getState()).toMatchObject({ user: null, accessToken: null, refreshToken: null });
    });

    it('signs out when another tab removes the stored session', () => {
      useAuthStore.getState().setAuth(testUser, 'a', 'r');

      writeFromAnotherTab(null);

      expect(useAuthStore.getState()).toMatchObject({ isAuthenticated: false, refreshToken: null });
    });

    it('ignores other keys', () => {
      useAuthStore.getState().setAuth(testUser, 'a', 'r');

      window.dispatchEvent(new StorageEvent('storage', { key: 'something-else', newValue: null, storageArea: localStorage }));

      expect(useAuthStore.getState()).toMatchObject({ isAuthenticated: true, refreshToken: 'r' });
    });
  });
});
