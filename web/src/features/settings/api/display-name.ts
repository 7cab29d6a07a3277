import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { entryListRoots, queryKeyRoots } from '../../../lib/query-keys.ts';
import { useAuthStore } from '../../../stores/auth-store.ts';
import type { User } from '../../../types/api.ts';

/** The signed-in user as the server has it now, display name included. */
export function useMe() {
  return useQuery({ queryKey: [queryKeyRoots.me], queryFn: () => apiRequest<User>('/api/me') });
}

/** Sets the name the other members of the user's families see; an empty one clears it. */
export function useUpdateDisplayName() {
  const queryClient = useQueryClient();
  const updateUser = useAuthStore((state) => state.updateUser);
  return useMutation({
    mutationFn: (displayName: string) => apiRequest<User>('/api/me', { method: 'PATCH', body: { displayName: displayName.trim() || null } }),
    onSuccess: (user) => {
      queryClient.setQueryData([queryKeyRoots.me], user);
      updateUser({ displayName: user.displayName ?? null });
      // Entries and families show the name: refetch them.
      return Promise.all([queryKeyRoots.members, entryListRoots.feeding, entryListRoots.sleep].map((root) => queryClient.invalidateQueries({ queryKey: [root] })));
    },
  });
}
