import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ImportSummary } from '@nightlight/domain/imports/import-request';
import { apiRequest } from '../../../lib/api-client.ts';
import { refreshChildData } from '../../../lib/child-data.ts';
import type { GrowthUnits, VolumeUnit } from '../../../types/api.ts';

export type { ImportSummary };

/** The file as the API takes it: a CSV file's text, or an XLSX file in base64; and the choices the preview asked for. */
export type ImportFile = { csv: string } | { xlsx: string };

export type ImportRequest = ImportFile & {
  childId: string;
  amountUnit: VolumeUnit;
  growthUnits?: GrowthUnits;
  babyBuddyChild?: string;
};

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
