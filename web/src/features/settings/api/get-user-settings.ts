import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { queryKeyRoots } from '../../../lib/query-keys.ts';

export type UserSettings = { email: string };

export function getUserSettings(): Promise<UserSettings> {
  return apiRequest<UserSettings>('/api/settings/user');
}

export function getUserSettingsQueryOptions() {
  return queryOptions({
    queryKey: [queryKeyRoots.userSettings],
    queryFn: getUserSettings,
    staleTime: 5 * 60 * 1000,
  });
}

export function useUserSettings() {
  return useQuery(getUserSettingsQueryOptions());
}
