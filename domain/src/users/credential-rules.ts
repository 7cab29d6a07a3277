/** The register form's rules (seed §5), enforced again by the server. */
export const PASSWORD_MIN_LENGTH = 8;
/** Long enough for any passphrase, short enough that hashing it is never a burden. */
export const PASSWORD_MAX_LENGTH = 200;
export const EMAIL_MAX_LENGTH = 254;

/** A simple address pattern, like the form's: something@something.something, no spaces. */
const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function isEmailAddress(value: string): boolean {
  return value.length <= EMAIL_MAX_LENGTH && EMAIL_PATTERN.test(value);
}

/** Addresses are compared and kept lower-cased: "Ann@Example.com" and "ann@example.com" are one account. */
export function normalizeEmail(value: string): string {
  return value.trim().toLowerCase();
}

export function hasUpperLowerAndDigit(password: string): boolean {
  return /[a-z]/.test(password) && /[A-Z]/.test(password) && /\d/.test(password);
}
