import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { queryKeyRoots } from '../../../lib/query-keys.ts';
import type { Child } from '../../../types/api.ts';

export function getChildren(): Promise<Child[]> {
  return apiRequest<Child[]>('/api/children');
}

export function getChildrenQueryOptions() {
  return queryOptions({ queryKey: [queryKeyRoots.children], queryFn: getChildren });
}

export function useChildren() {
  return useQuery(getChildrenQueryOptions());
}
