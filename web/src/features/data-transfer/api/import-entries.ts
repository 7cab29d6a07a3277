import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ImportSummary } from '@nightlight/domain/imports/import-request';
import { apiRequest } from '../../../lib/api-client.ts';
import { refreshChildData } from '../../../lib/child-data.ts';
import type { VolumeUnit } from '../../../types/api.ts';

export type { ImportSummary };

export interface ImportRequest {
  childId: string;
  csv: string;
  amountUnit: VolumeUnit;
}

/** What importing the file would do; writes nothing. */
export function useImportPreview() {
  return useMutation({
    mutationFn: ({ childId, ...body }: ImportRequest) => apiRequest<ImportSummary>(`/api/children/${childId}/import/preview`, { method: 'POST', body }),
  });
}

/**
 * Imports the file previewed. The key is the preview's: a second tap or a retry answers as the
 * first import did, and the file itself never imports a row twice.
 */
export function useImportEntries() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ childId, idempotencyKey, ...body }: ImportRequest & { idempotencyKey: string }) =>
      apiRequest<ImportSummary>(`/api/children/${childId}/import`, { method: 'POST', body, headers: { 'Idempotency-Key': idempotencyKey } }),
    onSuccess: (_summary, { childId }) => refreshChildData(queryClient, childId),
  });
}
