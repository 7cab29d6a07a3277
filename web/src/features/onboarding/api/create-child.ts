import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod/mini';
import { DISPLAY_NAME_MAX_LENGTH } from '../../../config/constants.ts';
import { apiRequest } from '../../../lib/api-client.ts';
import { queryKeyRoots } from '../../../lib/query-keys.ts';
import type { Child } from '../../../types/api.ts';

export const createChildInputSchema = z.object({
  displayName: z.optional(z.string().check(z.trim(), z.maxLength(DISPLAY_NAME_MAX_LENGTH))),
  birthDate: z.iso.date(),
  // 'Other' is what the form offers; the server records it as 'Unknown'.
  sex: z.enum(['Female', 'Male', 'Other']),
  timezone: z.string().check(z.minLength(1)),
  // The consent dialog's answer about research, when it was just asked.
  researchConsent: z.optional(z.boolean()),
});

export type CreateChildInput = z.infer<typeof createChildInputSchema>;

export function createChild(input: CreateChildInput): Promise<Child> {
  return apiRequest<Child>('/api/children', { method: 'POST', body: createChildInputSchema.parse(input) });
}

export function useCreateChild() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createChild,
    // Both the dashboard's list and the settings list must show the new child.
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: [queryKeyRoots.children] }),
        queryClient.invalidateQueries({ queryKey: [queryKeyRoots.childrenSettings] }),
      ]),
  });
}
