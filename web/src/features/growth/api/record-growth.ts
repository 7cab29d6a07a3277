import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { queryKeyRoots } from '../../../lib/query-keys.ts';
import type { GrowthMeasurement, OkResponse } from '../../../types/api.ts';

export type RecordGrowthInput = { childId: string; measuredOn: string; weightKg?: number; lengthCm?: number; headCm?: number; weightLb?: number; lengthIn?: number; headIn?: number };
/** `measurementId`: a correction of that measurement (PUT takes the body of POST). */
export type RecordGrowthVariables = { input: RecordGrowthInput; idempotencyKey: string; measurementId?: string | undefined };

const measurementPath = (id: string) => `/api/growth/${encodeURIComponent(id)}`;

export function recordGrowth({ input, idempotencyKey, measurementId }: RecordGrowthVariables): Promise<GrowthMeasurement> {
  const [method, path] = measurementId ? (['PUT', measurementPath(measurementId)] as const) : (['POST', '/api/growth'] as const);
  return apiRequest<GrowthMeasurement>(path, { method, body: input, headers: { 'Idempotency-Key': idempotencyKey } });
}

/** After any write of a child's measurements, they and their chart are read again. */
function useGrowthChanged() {
  const queryClient = useQueryClient();
  return (childId: string) => queryClient.invalidateQueries({ queryKey: [queryKeyRoots.growth, childId] });
}

export function useRecordGrowth() {
  const changed = useGrowthChanged();
  return useMutation({ mutationFn: recordGrowth, onSuccess: (_measurement, { input }) => changed(input.childId) });
}

type MeasurementWrite = { childId: string; measurementId: string; idempotencyKey: string };

export function useDeleteGrowth() {
  const changed = useGrowthChanged();
  return useMutation({
    mutationFn: ({ measurementId, idempotencyKey }: MeasurementWrite) => apiRequest<OkResponse>(measurementPath(measurementId), { method: 'DELETE', headers: { 'Idempotency-Key': idempotencyKey } }),
    onSuccess: (_ok, { childId }) => changed(childId),
  });
}

/** Undo of a deletion: the measurement comes back as it was. */
export function useRestoreGrowth() {
  const changed = useGrowthChanged();
  return useMutation({
    mutationFn: ({ measurementId, idempotencyKey }: MeasurementWrite) =>
      apiRequest<GrowthMeasurement>(`${measurementPath(measurementId)}/restore`, { method: 'POST', headers: { 'Idempotency-Key': idempotencyKey } }),
    onSuccess: (_measurement, { childId }) => changed(childId),
  });
}
