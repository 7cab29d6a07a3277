// Shapes of the server's answers, as documented in docs/api.md.

export type User = {
  id: string;
  email: string;
  onboardingCompleted: boolean;
  referralCode?: string;
  referralUsesLeft?: number;
};

export type ChildSex = 'Female' | 'Male' | 'Unknown';

export type Child = {
  id: string;
  displayName: string;
  birthDate: string;
  sex: ChildSex;
  nightWindowStart: string;
  nightWindowEnd: string;
  timezone: string;
};

export type AuthResponse = {
  user: User;
  accessToken: string;
  refreshToken: string;
};

export type TokenPair = {
  accessToken: string;
  refreshToken: string;
};

export type OkResponse = { ok: true };
