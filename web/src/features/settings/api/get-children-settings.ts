import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { queryKeyRoots } from '../../../lib/query-keys.ts';
import type { Child } from '../../../types/api.ts';

export function getChildrenSettings(): Promise<Child[]> {
  return apiRequest<Child[]>('/api/settings/children');
}

export function getChildrenSettingsQueryOptions() {
  return queryOptions({
    queryKey: [queryKeyRoots.childrenSettings],
    queryFn: getChildrenSettings,
    staleTime: 2 * 60 * 1000,
  });
}

export function useChildrenSettings() {
  return useQuery(getChildrenSettingsQueryOptions());
}
