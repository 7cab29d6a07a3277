import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ReportView } from '@nightlight/domain/reports/report';
import { apiRequest } from '../../../lib/api-client.ts';
import { queryKeyRoots } from '../../../lib/query-keys.ts';

export type ReportParams = { childId: string; from: string; to: string };

export function getReport({ childId, from, to }: ReportParams, signal?: AbortSignal) {
  const query = new URLSearchParams({ from, to });
  return apiRequest<ReportView>(`/api/children/${encodeURIComponent(childId)}/report?${query.toString()}`, { signal });
}

export function getReportQueryOptions(params: ReportParams) {
  return queryOptions({
    // Under the insights root of the child: a new entry, or another member's, refreshes it.
    queryKey: [queryKeyRoots.insights, params.childId, 'report', params.from, params.to],
    queryFn: ({ signal }) => getReport(params, signal),
  });
}

export function useReport(params: ReportParams | null) {
  return useQuery({ ...getReportQueryOptions(params ?? { childId: '', from: '', to: '' }), enabled: params !== null });
}
