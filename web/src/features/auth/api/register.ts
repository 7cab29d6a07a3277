import { useMutation } from '@tanstack/react-query';
import { z } from 'zod/mini';
import { REFERRAL_CODE_LENGTH } from '../../../config/constants.ts';
import { apiRequest } from '../../../lib/api-client.ts';
import { useAuthStore } from '../../../stores/auth-store.ts';
import type { AuthResponse } from '../../../types/api.ts';

const credentials = { email: z.string().check(z.trim(), z.minLength(1)), password: z.string().check(z.minLength(1)) };

/** Sign-up is by a referral code, or by an invitation to a family, which counts as one. */
export const registerInputSchema = z.union([
  z.object({ ...credentials, referralCode: z.string().check(z.trim(), z.length(REFERRAL_CODE_LENGTH)) }),
  z.object({ ...credentials, invitationCode: z.string().check(z.trim(), z.minLength(1)) }),
]);

export type RegisterInput = z.infer<typeof registerInputSchema>;

export function register(input: RegisterInput): Promise<AuthResponse> {
  return apiRequest<AuthResponse>('/api/auth/register', { method: 'POST', body: registerInputSchema.parse(input) });
}

export function useRegister({ onSuccess }: { onSuccess?: () => void } = {}) {
  const setAuth = useAuthStore((state) => state.setAuth);
  return useMutation({
    mutationFn: register,
    onSuccess: ({ user, accessToken, refreshToken }) => {
      setAuth(user, accessToken, refreshToken);
      onSuccess?.();
    },
  });
}
