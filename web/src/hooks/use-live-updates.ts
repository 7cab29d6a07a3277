import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { followChild } from '../lib/live-stream.ts';
import { refreshChildData } from '../lib/child-data.ts';
import { queryKeyRoots } from '../lib/query-keys.ts';
import { recordPosition } from '../lib/read-your-writes.ts';

/**
 * While a screen of the child is open, what another member logs shows without a reload: each
 * change the server announces is read again at its position (read-your-writes), so the refetch
 * sees it. Leaving the family refreshes the children, which drops the child from the screen.
 */
export function useLiveUpdates(childId: string | undefined): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!childId) return;
    const controller = new AbortController();
    void followChild(childId, controller.signal, {
      onChange(position) {
        recordPosition(position);
        void refreshChildData(queryClient, childId);
      },
      onClosed() {
        if (!controller.signal.aborted) void queryClient.invalidateQueries({ queryKey: [queryKeyRoots.children] });
      },
    });
    return () => controller.abort();
  }, [childId, queryClient]);
}
