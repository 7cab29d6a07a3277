import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import type { OkResponse, TimelineEntry } from '../../../types/api.ts';
import { refreshChildData } from '../../../lib/child-data.ts';

/** Where each kind of entry lives in the API; a kind missing here fails the type check. */
const ENTRY_PATHS = { Feeding: '/api/feedings', Sleep: '/api/sleep', Diaper: '/api/diapers', Pumping: '/api/pumpings' } satisfies Record<TimelineEntry['type'], string>;

export type DeleteEntryVariables = { id: string; childId: string; type: TimelineEntry['type'] };

export function deleteEntry({ id, type }: DeleteEntryVariables): Promise<OkResponse> {
  return apiRequest<OkResponse>(`${ENTRY_PATHS[type]}/${encodeURIComponent(id)}`, { method: 'DELETE' });
}

export function useDeleteEntry() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteEntry,
    onSuccess: (_ok, { childId }) => refreshChildData(queryClient, childId),
  });
}
