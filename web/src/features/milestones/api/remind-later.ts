import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod/mini';
import { apiRequest } from '../../../lib/api-client.ts';
import { queryKeyRoots } from '../../../lib/query-keys.ts';
import type { OkResponse } from '../../../types/api.ts';

export const remindLaterInputSchema = z.object({ alertId: z.string().check(z.minLength(1)), childId: z.string().check(z.minLength(1)) });

export type RemindLaterInput = z.infer<typeof remindLaterInputSchema>;

/** 'Remind Me Later': the server hides the alert for 24 hours. */
export function remindLater(input: RemindLaterInput): Promise<OkResponse> {
  const { alertId } = remindLaterInputSchema.parse(input);
  return apiRequest<OkResponse>(`/api/milestone-alerts/${encodeURIComponent(alertId)}/remind-later`, { method: 'POST' });
}

export function useRemindLater() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: remindLater,
    // Success or not, the alert shown next must be the server's current one.
    onSettled: (_ok, _error, { childId }) => queryClient.invalidateQueries({ queryKey: [queryKeyRoots.milestoneAlerts, childId] }),
  });
}
