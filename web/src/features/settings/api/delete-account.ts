import { useMutation } from '@tanstack/react-query';
import { z } from 'zod/mini';
import { apiRequest } from '../../../lib/api-client.ts';
import { signOut } from '../../../lib/sign-out.ts';
import type { OkResponse } from '../../../types/api.ts';

export const deleteAccountInputSchema = z.object({
  password: z.string().check(z.minLength(1)),
  confirmText: z.literal('DELETE'),
});

export type DeleteAccountInput = z.infer<typeof deleteAccountInputSchema>;

export function deleteAccount(input: DeleteAccountInput): Promise<OkResponse> {
  return apiRequest<OkResponse>('/api/settings/user/account', {
    method: 'DELETE',
    body: deleteAccountInputSchema.parse(input),
  });
}

export function useDeleteAccount({ onSuccess }: { onSuccess?: () => void } = {}) {
  return useMutation({
    mutationFn: deleteAccount,
    onSuccess: () => {
      void signOut({ forgetDevice: true });
      onSuccess?.();
    },
  });
}
