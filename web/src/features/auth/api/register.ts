import { useMutation } from '@tanstack/react-query';
import { z } from 'zod/mini';
import { REFERRAL_CODE_LENGTH } from '../../../config/constants.ts';
import { apiRequest } from '../../../lib/api-client.ts';
import { useAuthStore } from '../../../stores/auth-store.ts';
import type { AuthResponse, User } from '../../../types/api.ts';

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

/**
 * Signs up, then records the name the family will see (PATCH /api/me, as the new member). The
 * account exists once the first call answers: a name that could not be saved is not a failed
 * sign-up (it can be set in Settings), so that failure is only logged.
 */
export function useRegister({ onSuccess }: { onSuccess?: () => void } = {}) {
  const setAuth = useAuthStore((state) => state.setAuth);
  const updateUser = useAuthStore((state) => state.updateUser);
  return useMutation({
    mutationFn: async ({ displayName, ...input }: RegisterInput & { displayName: string }) => {
      const { user, accessToken, refreshToken } = await register(input);
      setAuth(user, accessToken, refreshToken);
      try {
        const named = await apiRequest<User>('/api/me', { method: 'PATCH', body: { displayName } });
        updateUser({ displayName: named.displayName ?? null });
      } catch (error) {
        console.error('Could not save the display name', error);
      }
    },
    onSuccess: () => onSuccess?.(),
  });
}
