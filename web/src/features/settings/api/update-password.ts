import { useMutation } from '@tanstack/react-query';
import { z } from 'zod';
import { PASSWORD_MIN_LENGTH } from '../../../config/constants.ts';
import { apiRequest } from '../../../lib/api-client.ts';
import type { OkResponse } from '../../../types/api.ts';

export const updatePasswordInputSchema = z
  .object({
    currentPassword: z.string().min(1),
    newPassword: z.string().min(PASSWORD_MIN_LENGTH),
    confirmPassword: z.string(),
  })
  .refine((input) => input.newPassword === input.confirmPassword, { message: 'Passwords do not match' });

export type UpdatePasswordInput = z.infer<typeof updatePasswordInputSchema>;

export function updatePassword(input: UpdatePasswordInput): Promise<OkResponse> {
  return apiRequest<OkResponse>('/api/settings/user/password', {
    method: 'PUT',
    body: updatePasswordInputSchema.parse(input),
  });
}

export function useUpdatePassword() {
  return useMutation({ mutationFn: updatePassword });
}
