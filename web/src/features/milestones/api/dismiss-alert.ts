import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod/mini';
import { apiRequest } from '../../../lib/api-client.ts';
import { queryKeyRoots } from '../../../lib/query-keys.ts';
import type { OkResponse } from '../../../types/api.ts';

export const dismissAlertInputSchema = z.object({ alertId: z.string().check(z.minLength(1)), childId: z.string().check(z.minLength(1)) });

export type DismissAlertInput = z.infer<typeof dismissAlertInputSchema>;

/** 'Got It': the alert is never active again. */
export function dismissAlert(input: DismissAlertInput): Promise<OkResponse> {
  const { alertId } = dismissAlertInputSchema.parse(input);
  return apiRequest<OkResponse>(`/api/milestone-alerts/${encodeURIComponent(alertId)}/dismiss`, { method: 'POST' });
}

export function useDismissAlert() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: dismissAlert,
    // Success or not, the alert shown next must be the server's current one.
    onSettled: (_ok, _error, { childId }) => queryClient.invalidateQueries({ queryKey: [queryKeyRoots.milestoneAlerts, childId] }),
  });
}
