import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ChosenLocale } from '@nightlight/domain/users/locales';
import { apiRequest } from '../../../lib/api-client.ts';
import { queryKeyRoots } from '../../../lib/query-keys.ts';
import { useAuthStore } from '../../../stores/auth-store.ts';
import type { User } from '../../../types/api.ts';

/** Records the language the member reads the app in (null: their browser's); the app switches to it at once. */
export function useUpdateLocale() {
  const queryClient = useQueryClient();
  const updateUser = useAuthStore((state) => state.updateUser);
  return useMutation({
    mutationFn: (locale: ChosenLocale) => apiRequest<User>('/api/me', { method: 'PATCH', body: { locale } }),
    onSuccess: (user) => {
      queryClient.setQueryData([queryKeyRoots.me], user);
      updateUser({ locale: user.locale });
    },
  });
}
