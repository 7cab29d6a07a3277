import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import type { Feeding, LastBottle, OkResponse } from '../../../types/api.ts';
import { refreshChildData } from '../../../lib/child-data.ts';

export type SameBottleVariables = {
  childId: string;
  bottle: LastBottle;
  /** Fixed when the parent taps, so a retry of the same tap sends the same request. */
  startedAt: string;
  idempotencyKey: string;
};

/**
 * Logs the last bottle again, starting now: its amount as it was entered, in its own unit (120 mL
 * stays 120 mL whatever the reader's unit), and its type. No end: the server's default 15 minutes.
 */
export function logSameBottle({ childId, bottle, startedAt, idempotencyKey }: SameBottleVariables): Promise<Feeding> {
  const { value, unit } = bottle.enteredAmount;
  const body = { childId, startedAt, method: 'Bottle', [unit === 'oz' ? 'amountOz' : 'amountMl']: value, ...(bottle.type ? { type: bottle.type } : {}) };
  return apiRequest<Feeding>('/api/feedings', { method: 'POST', body, headers: { 'Idempotency-Key': idempotencyKey } });
}

export const removeBottle = ({ feedingId }: { childId: string; feedingId: string }) =>
  apiRequest<OkResponse>(`/api/feedings/${encodeURIComponent(feedingId)}`, { method: 'DELETE' });

export function useLogSameBottle() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: logSameBottle, onSuccess: (_feeding, { childId }) => refreshChildData(queryClient, childId) });
}

export function useRemoveBottle() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: removeBottle, onSuccess: (_ok, { childId }) => refreshChildData(queryClient, childId) });
}
