import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod/mini';
import { apiRequest } from '../../../lib/api-client.ts';
import { queryKeyRoots } from '../../../lib/query-keys.ts';
import type { OkResponse } from '../../../types/api.ts';

export const markAlertShownInputSchema = z.object({ alertId: z.string().check(z.minLength(1)), childId: z.string().check(z.minLength(1)) });

export type MarkAlertShownInput = z.infer<typeof markAlertShownInputSchema>;

/** Records that the parent has seen the alert, so it is no longer new. */
export function markAlertShown(input: MarkAlertShownInput): Promise<OkResponse> {
  const { alertId } = markAlertShownInputSchema.parse(input);
  return apiRequest<OkResponse>(`/api/milestone-alerts/${encodeURIComponent(alertId)}/shown`, { method: 'POST' });
}

export function useMarkAlertShown() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markAlertShown,
    // Success or not, the alert shown next must be the server's current one.
    onSettled: (_ok, _error, { childId }) => queryClient.invalidateQueries({ queryKey: [queryKeyRoots.milestoneAlerts, childId] }),
  });
}
