import { QueryClient } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { signIn, testUser } from '../testing/auth-fixtures.ts';
import { useAuthStore } from '../stores/auth-store.ts';
import { getHighestPosition, recordPosition } from './read-your-writes.ts';
import { registerQueryCache, signOut } from './sign-out.ts';

describe('signOut', () => {
  let queryClient: QueryClient;
  let unregister: () => void;

  beforeEach(() => {
    queryClient = new QueryClient();
    unregister = registerQueryCache(queryClient);
    signIn();
    queryClient.setQueryData(['children'], [{ id: 'child-1', displayName: 'JD' }]);
    recordPosition(42);
  });

  afterEach(() => unregister());

  it('clears the stored auth, every cached answer and the read-your-writes position', () => {
    signOut();

    expect(useAuthStore.getState()).toMatchObject({ isAuthenticated: false, user: null, accessToken: null, refreshToken: null });
    expect(JSON.parse(localStorage.getItem('auth-storage')!).state.isAuthenticated).toBe(false);
    expect(queryClient.getQueryData(['children'])).toBeUndefined();
    expect(getHighestPosition()).toBe(0);
  });

  it('forgets the data too when a session expires without anyone calling it', () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    signIn();
    vi.setSystemTime(Date.now() + 24 * 60 * 60 * 1000 + 1);

    expect(useAuthStore.getState().checkSession()).toBe(false);

    expect(queryClient.getQueryData(['children'])).toBeUndefined();
    expect(getHighestPosition()).toBe(0);
  });

  it('forgets the data when another account signs in on this tab', () => {
    useAuthStore.getState().setAuth({ ...testUser, id: 'user-2', email: 'other@example.com' }, 'access-9', 'refresh-9');

    expect(queryClient.getQueryData(['children'])).toBeUndefined();
  });

  it('leaves the cache alone while the same session only refreshes its tokens', () => {
    useAuthStore.getState().setTokens('access-2', 'refresh-2');

    expect(queryClient.getQueryData(['children'])).toEqual([{ id: 'child-1', displayName: 'JD' }]);
    expect(getHighestPosition()).toBe(42);
  });
});
