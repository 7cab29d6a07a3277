import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';
import { AUTH_STORAGE_KEY, SESSION_DURATION_MS } from '../config/constants.ts';
import type { User } from '../types/api.ts';

export type AuthState = {
  user: User | null;
  accessToken: string | null;
  refreshToken: string | null;
  isAuthenticated: boolean;
  /** Epoch milliseconds after which the session is no longer valid, or null when signed out. */
  sessionExpiry: number | null;
  /**
   * The retry key of a refresh of `refreshToken` that got no answer yet: sent again with the same
   * token, it lets the server answer once more when its first answer was lost (a dropped signal, a
   * reload). Null once new tokens are stored.
   */
  refreshRetryKey: string | null;
};

export type AuthActions = {
  /** Signs in: stores the user and both tokens and starts a 24-hour session. */
  setAuth: (user: User, accessToken: string, refreshToken: string) => void;
  /** Replaces the tokens after a refresh; the session keeps its original expiry. */
  setTokens: (accessToken: string, refreshToken: string) => void;
  /** The retry key for refreshing the stored token: the one kept from an earlier try, else a new one, kept. */
  retryKeyForRefresh: () => string;
  clearAuth: () => void;
  /** Merges fields into the current user; does nothing when nobody is signed in. */
  updateUser: (changes: Partial<User>) => void;
  /** True only when signed in, an expiry is set and it lies in the future. Never changes state. */
  isSessionValid: () => boolean;
  /** Like isSessionValid, but also clears a signed-in session that has expired. */
  checkSession: () => boolean;
};

export type AuthStore = AuthState & AuthActions;

const signedOut: AuthState = {
  user: null,
  accessToken: null,
  refreshToken: null,
  isAuthenticated: false,
  sessionExpiry: null,
  refreshRetryKey: null,
};

/** 32 random bytes, base64url: as hard to guess as the refresh token's own secret. */
function newRetryKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(32));
  return btoa(String.fromCharCode(...bytes)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

function isValid(state: AuthState): boolean {
  return state.isAuthenticated && state.sessionExpiry !== null && Date.now() < state.sessionExpiry;
}

export const useAuthStore = create<AuthStore>()(
  persist(
    (set, get) => ({
      ...signedOut,
      setAuth: (user, accessToken, refreshToken) =>
        set({
          user,
          accessToken,
          refreshToken,
          isAuthenticated: true,
          sessionExpiry: Date.now() + SESSION_DURATION_MS,
          refreshRetryKey: null,
        }),
      setTokens: (accessToken, refreshToken) => set({ accessToken, refreshToken, refreshRetryKey: null }),
      retryKeyForRefresh: () => {
        const kept = get().refreshRetryKey;
        if (kept) return kept;
        const made = newRetryKey();
        set({ refreshRetryKey: made });
        return made;
      },
      clearAuth: () => set(signedOut),
      updateUser: (changes) => {
        const { user } = get();
        if (user) set({ user: { ...user, ...changes } });
      },
      isSessionValid: () => isValid(get()),
      checkSession: () => {
        const state = get();
        if (isValid(state)) return true;
        if (state.isAuthenticated) set(signedOut);
        return false;
      },
    }),
    {
      name: AUTH_STORAGE_KEY,
      storage: createJSONStorage(() => localStorage),
      partialize: ({ user, accessToken, refreshToken, isAuthenticated, sessionExpiry, refreshRetryKey }) => ({
        user,
        accessToken,
        refreshToken,
        isAuthenticated,
        sessionExpiry,
        refreshRetryKey,
      }),
      // A session that expired while the tab was closed must not come back to life on reload.
      onRehydrateStorage: () => (state) => {
        state?.checkSession();
      },
    },
  ),
);

/** Non-React access for code outside components (the API client, timers). */
export const getAuthState = (): AuthStore => useAuthStore.getState();

/**
 * Reads the session back from localStorage, where another tab may have written newer tokens.
 * Refresh tokens rotate and the server revokes the whole session when a used one comes back, so
 * a tab must never refresh with a token another tab has already spent.
 */
export function reloadAuthFromStorage(): Promise<void> {
  return useAuthStore.persist.rehydrate();
}

/**
 * Another tab of this origin changed the stored session (signed in, refreshed the tokens, signed
 * out): take its state. Browsers send `storage` events only to the other tabs, never the writer.
 */
export function handleAuthStorageEvent(event: StorageEvent): void {
  if (event.storageArea && event.storageArea !== localStorage) return;
  // A null key means the whole of localStorage was cleared.
  if (event.key !== null && event.key !== AUTH_STORAGE_KEY) return;
  if (event.newValue === null) {
    useAuthStore.setState(signedOut);
    return;
  }
  void reloadAuthFromStorage();
}

if (typeof window !== 'undefined') window.addEventListener('storage', handleAuthStorageEvent);
