import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import type { OkResponse } from '../../../types/api.ts';
import { invalidateChildData } from '../lib/invalidate-child-data.ts';

export type DeleteSleepVariables = { id: string; childId: string };

export function deleteSleep({ id }: DeleteSleepVariables): Promise<OkResponse> {
  return apiRequest<OkResponse>(`/api/sleep/${encodeURIComponent(id)}`, { method: 'DELETE' });
}

export function useDeleteSleep() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteSleep,
    onSuccess: (_ok, { childId }) => invalidateChildData(queryClient, childId),
  });
}
