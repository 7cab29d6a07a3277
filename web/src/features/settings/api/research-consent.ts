import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { queryKeyRoots } from '../../../lib/query-keys.ts';
import type { Child } from '../../../types/api.ts';

/** A parent's answer for one child: may its anonymised data go to research? */
export function setResearchConsent({ childId, consent }: { childId: string; consent: boolean }): Promise<Child> {
  return apiRequest<Child>(`/api/children/${encodeURIComponent(childId)}/research-consent`, { method: 'PUT', body: { consent } });
}

export function useSetResearchConsent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setResearchConsent,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: [queryKeyRoots.childrenSettings] }),
        queryClient.invalidateQueries({ queryKey: [queryKeyRoots.children] }),
      ]),
  });
}
