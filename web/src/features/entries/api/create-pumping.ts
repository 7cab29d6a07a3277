import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { queryKeyRoots } from '../../../lib/query-keys.ts';
import type { Pumping, VolumeUnit } from '../../../types/api.ts';
import { refreshChildData } from '../../../lib/child-data.ts';

export type CreatePumpingInput = {
  childId: string;
  startedAt: string;
  durationMinutes?: number;
  leftAmount?: number;
  rightAmount?: number;
  unit: VolumeUnit;
  notes?: string;
};

export type CreatePumpingVariables = { input: CreatePumpingInput; idempotencyKey: string };

export function createPumping({ input, idempotencyKey }: CreatePumpingVariables): Promise<Pumping> {
  return apiRequest<Pumping>('/api/pumpings', { method: 'POST', body: input, headers: { 'Idempotency-Key': idempotencyKey } });
}

export const createPumpingMutationKey = [queryKeyRoots.pumpings, 'create'] as const;

export function useCreatePumping() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: createPumpingMutationKey,
    mutationFn: createPumping,
    onSuccess: (_pumping, { input }) => refreshChildData(queryClient, input.childId),
  });
}
