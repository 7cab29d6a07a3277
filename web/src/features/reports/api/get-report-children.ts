import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { queryKeyRoots } from '../../../lib/query-keys.ts';
import type { Child } from '../../../types/api.ts';

/** The family's children to pick from, under the key every screen lists them by, so they share one cache entry. */
export function getReportChildrenQueryOptions() {
  return queryOptions({ queryKey: [queryKeyRoots.children], queryFn: () => apiRequest<Child[]>('/api/children') });
}

export function useReportChildren() {
  return useQuery(getReportChildrenQueryOptions());
}
