import { useAuthStore } from '../stores/auth-store.ts';
import type { Child, User } from '../types/api.ts';

export const testUser: User = {
  id: 'user-1',
  email: 'parent@example.com',
  displayName: null,
  onboardingCompleted: true,
  units: null,
  locale: null,
  referralCode: 'ABC123',
  referralUsesLeft: 3,
};

export const testChild: Child = {
  id: 'child-1',
  displayName: 'JD',
  birthDate: '2025-01-15',
  sex: 'Female',
  nightWindowStart: '19:00',
  nightWindowEnd: '08:00',
  timezone: 'America/New_York',
  researchConsent: null,
  role: 'parent',
};

/** Starts a fresh 24-hour session as if the user had just signed in. */
export function signIn(user: Partial<User> = {}): void {
  useAuthStore.getState().setAuth({ ...testUser, ...user }, 'access-1', 'refresh-1');
}
