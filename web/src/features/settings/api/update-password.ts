import { useMutation } from '@tanstack/react-query';
import { z } from 'zod/mini';
import { PASSWORD_MIN_LENGTH } from '../../../config/constants.ts';
import { apiRequest } from '../../../lib/api-client.ts';
import { useAuthStore } from '../../../stores/auth-store.ts';
import type { TokenPair } from '../../../types/api.ts';

export const updatePasswordInputSchema = z
  .object({
    currentPassword: z.string().check(z.minLength(1)),
    newPassword: z.string().check(z.minLength(PASSWORD_MIN_LENGTH)),
    confirmPassword: z.string(),
  })
  .check(z.refine((input) => input.newPassword === input.confirmPassword, { message: 'Passwords do not match' }));

export type UpdatePasswordInput = z.infer<typeof updatePasswordInputSchema>;

export type UpdatePasswordResponse = TokenPair & { ok: true };

export function updatePassword(input: UpdatePasswordInput): Promise<UpdatePasswordResponse> {
  return apiRequest<UpdatePasswordResponse>('/api/settings/user/password', {
    method: 'PUT',
    body: updatePasswordInputSchema.parse(input),
  });
}

export function useUpdatePassword() {
  const setTokens = useAuthStore((state) => state.setTokens);
  return useMutation({
    mutationFn: updatePassword,
    // The server revokes every session of the account, this one included, and answers with a
    // fresh pair: keeping the old tokens would sign this device out at its next refresh.
    onSuccess: ({ accessToken, refreshToken }) => setTokens(accessToken, refreshToken),
  });
}
