export type PasswordStrength = 'Weak' | 'Fair' | 'Good' | 'Strong';

/** One point each for: length ≥ 8, a lowercase letter, an uppercase letter, a digit, any other symbol. */
export function passwordScore(password: string): number {
  return [
    password.length >= 8,
    /[a-z]/.test(password),
    /[A-Z]/.test(password),
    /\d/.test(password),
    /[^a-zA-Z\d]/.test(password),
  ].filter(Boolean).length;
}

export function passwordStrength(password: string): PasswordStrength {
  const score = passwordScore(password);
  if (score <= 2) return 'Weak';
  if (score === 3) return 'Fair';
  if (score === 4) return 'Good';
  return 'Strong';
}
