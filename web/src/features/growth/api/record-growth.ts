import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { queryKeyRoots } from '../../../lib/query-keys.ts';
import type { GrowthMeasurement } from '../../../types/api.ts';

export type RecordGrowthInput = { childId: string; measuredOn: string; weightKg?: number; lengthCm?: number; headCm?: number; weightLb?: number; lengthIn?: number; headIn?: number };
export type RecordGrowthVariables = { input: RecordGrowthInput; idempotencyKey: string };

export function recordGrowth({ input, idempotencyKey }: RecordGrowthVariables): Promise<GrowthMeasurement> {
  return apiRequest<GrowthMeasurement>('/api/growth', { method: 'POST', body: input, headers: { 'Idempotency-Key': idempotencyKey } });
}

export function useRecordGrowth() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: recordGrowth,
    onSuccess: (_measurement, { input }) => queryClient.invalidateQueries({ queryKey: [queryKeyRoots.growth, input.childId] }),
  });
}
