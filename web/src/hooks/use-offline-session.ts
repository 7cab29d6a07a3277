import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useAuthStore } from '../stores/auth-store.ts';

/** Devices without IndexedDB (some private modes) simply work online only. */
const canKeepOffline = () => typeof indexedDB !== 'undefined';

/**
 * While an account is signed in, keeps its data for offline use and sends its waiting writes (see
 * lib/offline/offline-session.ts). Loaded in its own chunk, after the signed-in screen has shown.
 */
export function useOfflineSession(): void {
  const queryClient = useQueryClient();
  const userId = useAuthStore((state) => (state.isAuthenticated ? (state.user?.id ?? null) : null));

  useEffect(() => {
    if (!userId || !canKeepOffline()) return;
    let stop: (() => void) | null = null;
    let ended = false;
    void import('../lib/offline/offline-session.ts')
      .then(({ startOfflineSession }) => {
        if (!ended) stop = startOfflineSession(queryClient, userId);
      })
      .catch((error: unknown) => console.error('Offline use could not start', error));
    return () => {
      ended = true;
      stop?.();
    };
  }, [queryClient, userId]);
}
