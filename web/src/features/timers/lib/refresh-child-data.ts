import type { QueryClient } from '@tanstack/react-query';
import { childDataRoots } from '../../../lib/query-keys.ts';

/**
 * A timer write changes more than the timers: a stop logs an entry (lists, insights), starting or
 * stopping a sleep changes the glance's awake and asleep times, and a bottle logged again is the
 * glance's last feed. Everything of the child is read again, at the write's position (the
 * api-client recorded it), as a live update would.
 */
export function refreshChildData(queryClient: QueryClient, childId: string): Promise<unknown> {
  return Promise.all(childDataRoots.map((root) => queryClient.invalidateQueries({ queryKey: [root, childId] })));
}
