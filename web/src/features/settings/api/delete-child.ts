import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { childDataRoots, queryKeyRoots } from '../../../lib/query-keys.ts';
import type { OkResponse } from '../../../types/api.ts';

export function deleteChild(childId: string): Promise<OkResponse> {
  return apiRequest<OkResponse>(`/api/settings/children/${encodeURIComponent(childId)}`, {
    method: 'DELETE',
    body: { confirmText: 'DELETE' },
  });
}

// Everything that shows a child's data must forget the deleted child.
const AFFECTED = [...childDataRoots, queryKeyRoots.children, queryKeyRoots.childrenSettings];

export function useDeleteChild() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteChild,
    onSuccess: () => Promise.all(AFFECTED.map((root) => queryClient.invalidateQueries({ queryKey: [root] }))),
  });
}
