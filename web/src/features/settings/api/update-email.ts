import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod/mini';
import { apiRequest } from '../../../lib/api-client.ts';
import { queryKeyRoots } from '../../../lib/query-keys.ts';
import { useAuthStore } from '../../../stores/auth-store.ts';
import type { UserSettings } from './get-user-settings.ts';

export const updateEmailInputSchema = z.object({
  newEmail: z.email(),
  currentPassword: z.string().check(z.minLength(1)),
});

export type UpdateEmailInput = z.infer<typeof updateEmailInputSchema>;

export function updateEmail(input: UpdateEmailInput): Promise<UserSettings> {
  return apiRequest<UserSettings>('/api/settings/user/email', {
    method: 'PUT',
    body: updateEmailInputSchema.parse(input),
  });
}

export function useUpdateEmail() {
  const queryClient = useQueryClient();
  const updateUser = useAuthStore((state) => state.updateUser);
  return useMutation({
    mutationFn: updateEmail,
    onSuccess: (settings) => {
      queryClient.setQueryData([queryKeyRoots.userSettings], settings);
      // The signed-in user carries the e-mail too; keep the stored session in step.
      updateUser({ email: settings.email });
      return queryClient.invalidateQueries({ queryKey: [queryKeyRoots.me] });
    },
  });
}
