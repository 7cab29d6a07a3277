import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { queryKeyRoots } from '../../../lib/query-keys.ts';
import type { Feeding, NursingSides } from '../../../types/api.ts';
import { refreshChildData } from '../../../lib/child-data.ts';
import { createFeedingInputSchema, type CreateFeedingInput } from './create-feeding.ts';

/** One feeding, as the edit dialog starts from it; under [feedings, childId] so every write of the child refreshes it. */
export function useFeeding(childId: string, feedingId: string) {
  return useQuery({
    queryKey: [queryKeyRoots.feedings, childId, 'one', feedingId],
    queryFn: ({ signal }) => apiRequest<Feeding>(`/api/feedings/${encodeURIComponent(feedingId)}`, { signal }),
  });
}

/**
 * A correction is the whole feeding again (PUT takes the body of POST), plus a nursing feeding's
 * minutes per breast: kept as they were, or null when the times changed and they no longer add up.
 */
export type UpdateFeedingInput = CreateFeedingInput & { id: string; sides: NursingSides | null };

export type UpdateFeedingVariables = { input: UpdateFeedingInput; idempotencyKey: string };

export function updateFeeding({ input, idempotencyKey }: UpdateFeedingVariables): Promise<Feeding> {
  const { id, sides, ...feeding } = input;
  return apiRequest<Feeding>(`/api/feedings/${encodeURIComponent(id)}`, {
    method: 'PUT',
    // The schema knows the fields of POST only: sides are added after it.
    body: { ...createFeedingInputSchema.parse(feeding), sides },
    headers: { 'Idempotency-Key': idempotencyKey },
  });
}

export function useUpdateFeeding() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateFeeding,
    onSuccess: (_feeding, { input }) => refreshChildData(queryClient, input.childId),
  });
}
