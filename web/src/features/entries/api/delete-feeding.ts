import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import type { OkResponse } from '../../../types/api.ts';
import { invalidateChildData } from '../lib/invalidate-child-data.ts';

export type DeleteFeedingVariables = { id: string; childId: string };

export function deleteFeeding({ id }: DeleteFeedingVariables): Promise<OkResponse> {
  return apiRequest<OkResponse>(`/api/feedings/${encodeURIComponent(id)}`, { method: 'DELETE' });
}

export function useDeleteFeeding() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteFeeding,
    onSuccess: (_ok, { childId }) => invalidateChildData(queryClient, childId),
  });
}
