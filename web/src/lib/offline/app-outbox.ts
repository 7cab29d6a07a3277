import { onlineManager } from '@tanstack/react-query';
import { getAuthState } from '../../stores/auth-store.ts';
import { refreshIfExpired } from '../api-client.ts';
import { refreshChildData } from '../child-data.ts';
import { queryClient } from '../query-client.ts';
import { createOutbox, sendWrite, withOutboxLock } from './outbox.ts';

/** How long a sending round waits for the screens to read the sent writes back before it ends. */
const REFRESH_WAIT_MS = 3_000;

/**
 * The app's outbox: sends through the API client as the signed-in account, and once writes are
 * sent reads the children's data again, so the screens show them as the server has them.
 */
export const outbox = createOutbox({
  send: sendWrite,
  // A session that expired while offline is refreshed before the first write goes out.
  beforeSending: () => refreshIfExpired(),
  withLock: withOutboxLock,
  isOnline: () => onlineManager.isOnline(),
  currentUserId: () => {
    const { isAuthenticated, user } = getAuthState();
    return isAuthenticated && user ? user.id : null;
  },
  onSynced: (childIds) =>
    Promise.race([Promise.all(childIds.map((childId) => refreshChildData(queryClient, childId))), new Promise((resolve) => setTimeout(resolve, REFRESH_WAIT_MS))]),
});
