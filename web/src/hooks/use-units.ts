import { localeUnits } from '../lib/units.ts';
import { useAuthStore } from '../stores/auth-store.ts';
import type { Units } from '../types/api.ts';

/** The signed-in user's units, or the browser locale's until they choose in Settings. */
export function useUnits(): Units {
  const chosen = useAuthStore((state) => state.user?.units ?? null);
  return chosen ?? localeUnits();
}
