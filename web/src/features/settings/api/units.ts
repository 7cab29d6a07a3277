import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { childDataRoots, queryKeyRoots } from '../../../lib/query-keys.ts';
import { useAuthStore } from '../../../stores/auth-store.ts';
import type { Units, User } from '../../../types/api.ts';

/** Records the units the user reads and enters amounts in; every list of amounts is read again in them. */
export function useUpdateUnits() {
  const queryClient = useQueryClient();
  const updateUser = useAuthStore((state) => state.updateUser);
  return useMutation({
    mutationFn: (units: Units) => apiRequest<User>('/api/me', { method: 'PATCH', body: { units } }),
    onSuccess: (user) => {
      queryClient.setQueryData([queryKeyRoots.me], user);
      updateUser({ units: user.units ?? null });
      return Promise.all(childDataRoots.map((root) => queryClient.invalidateQueries({ queryKey: [root] })));
    },
  });
}
