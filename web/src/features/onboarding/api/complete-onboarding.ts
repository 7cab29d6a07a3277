import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { useAuthStore } from '../../../stores/auth-store.ts';
import type { User } from '../../../types/api.ts';

export function completeOnboarding(): Promise<User> {
  return apiRequest<User>('/api/me', { method: 'PATCH', body: { onboardingCompleted: true } });
}

export function useCompleteOnboarding() {
  const updateUser = useAuthStore((state) => state.updateUser);
  return useMutation({
    mutationFn: completeOnboarding,
    onSuccess: (user) => updateUser({ ...user, onboardingCompleted: true }),
  });
}
