import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { entryListRoots } from '../../../lib/query-keys.ts';
import type { Feeding, NursingSides } from '../../../types/api.ts';
import { refreshChildData } from '../../../lib/child-data.ts';
import { createFeedingInputSchema, feedingPreview, type CreateFeedingInput } from '../kinds/feeding.tsx';
import { outbox } from '../../../lib/offline/app-outbox.ts';
import type { OutboxWrite, Submitted } from '../../../lib/offline/outbox.ts';

/** One feeding, as the edit dialog starts from it; under [feedings, childId] so every write of the child refreshes it. */
export function useFeeding(childId: string, feedingId: string) {
  return useQuery({
    queryKey: [entryListRoots.feeding, childId, 'one', feedingId],
    queryFn: ({ signal }) => apiRequest<Feeding>(`/api/feedings/${encodeURIComponent(feedingId)}`, { signal }),
  });
}

/**
 * A correction is the whole feeding again (PUT takes the body of POST), plus a nursing feeding's
 * minutes per breast: kept as they were, or null when the times changed and they no longer add up.
 */
export type UpdateFeedingInput = CreateFeedingInput & { id: string; sides: NursingSides | null };

/** `values` and `feeding` reopen the correction's dialog if the server refuses it after waiting offline. */
export type UpdateFeedingVariables = { input: UpdateFeedingInput; idempotencyKey: string; values?: unknown; feeding?: Feeding };

export function updateFeedingWrite({ input, idempotencyKey, values, feeding }: UpdateFeedingVariables): OutboxWrite {
  const { id, sides, ...fields } = input;
  // The schema knows the fields of POST only: sides are added after it.
  const body = { ...createFeedingInputSchema.parse(fields), sides };
  return {
    method: 'PUT',
    path: `/api/feedings/${encodeURIComponent(id)}`,
    body,
    idempotencyKey,
    childId: input.childId,
    view: { kind: 'entry-corrected', entryId: id, entry: feedingPreview(id, body), form: { entryType: 'Feeding', values, feeding } },
  };
}

export function updateFeeding(variables: UpdateFeedingVariables): Promise<Submitted<Feeding>> {
  return outbox.submit<Feeding>(updateFeedingWrite(variables));
}

export function useUpdateFeeding() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateFeeding,
    networkMode: 'always',
    onSuccess: (_feeding, { input }) => refreshChildData(queryClient, input.childId),
  });
}
