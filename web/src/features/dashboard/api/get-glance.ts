import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { queryKeyRoots } from '../../../lib/query-keys.ts';
import type { Glance } from '../../../types/api.ts';

/** The dashboard's top line: instants the app counts from on the phone's clock. */
export function useGlance(childId: string) {
  return useQuery({
    // [glance, childId]: a live update of the child or any write for it reads it again.
    queryKey: [queryKeyRoots.glance, childId],
    queryFn: ({ signal }) => apiRequest<Glance>(`/api/children/${encodeURIComponent(childId)}/glance`, { signal }),
  });
}
