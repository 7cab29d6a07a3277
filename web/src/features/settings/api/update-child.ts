import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod/mini';
import { DISPLAY_NAME_MAX_LENGTH } from '../../../config/constants.ts';
import { apiRequest } from '../../../lib/api-client.ts';
import { queryKeyRoots } from '../../../lib/query-keys.ts';
import type { Child } from '../../../types/api.ts';

const timeOfDay = z.string().check(z.regex(/^([01]\d|2[0-3]):[0-5]\d$/));

export const updateChildInputSchema = z.object({
  displayName: z.string().check(z.trim(), z.minLength(1), z.maxLength(DISPLAY_NAME_MAX_LENGTH)),
  birthDate: z.iso.date(),
  sex: z.enum(['Female', 'Male', 'Unknown']),
  nightWindowStart: timeOfDay,
  nightWindowEnd: timeOfDay,
  timezone: z.string().check(z.minLength(1)),
});

export type UpdateChildInput = z.infer<typeof updateChildInputSchema>;

export function updateChild({ childId, ...input }: UpdateChildInput & { childId: string }): Promise<Child> {
  return apiRequest<Child>(`/api/settings/children/${encodeURIComponent(childId)}`, {
    method: 'PUT',
    body: updateChildInputSchema.parse(input),
  });
}

export function useUpdateChild() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateChild,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: [queryKeyRoots.childrenSettings] }),
        queryClient.invalidateQueries({ queryKey: [queryKeyRoots.children] }),
        // Night window and time zone change how sleep is split, so insights must be recomputed.
        queryClient.invalidateQueries({ queryKey: [queryKeyRoots.insights] }),
      ]),
  });
}
