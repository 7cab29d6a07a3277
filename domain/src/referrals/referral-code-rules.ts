export const REFERRAL_CODE_LENGTH = 6;
/** No look-alikes (0/O, 1/I): codes are read aloud and typed from paper. */
export const REFERRAL_CODE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
export const PERSONAL_REFERRAL_USES = 3;
export const STARTER_REFERRAL_USES = 5;
export const OPERATOR_REFERRAL_USES = 1000;

/** Codes are entered case-insensitively. */
export function normalizeReferralCode(value: string): string {
  return value.trim().toUpperCase();
}

/**
 * A code that can name a stream: six letters or digits. Operator-chosen codes (REFERRAL_CODES) may
 * use any letter or digit; generated ones use the alphabet above.
 */
export function isWellFormedReferralCode(code: string): boolean {
  return /^[A-Z0-9]{6}$/.test(code);
}

/** Six random bytes to a code. 256 is a multiple of the alphabet's 32 letters, so every letter is equally likely. */
export function referralCodeFromBytes(bytes: Uint8Array): string {
  if (bytes.length < REFERRAL_CODE_LENGTH) throw new Error(`A referral code needs ${REFERRAL_CODE_LENGTH} random bytes`);
  let code = '';
  for (let index = 0; index < REFERRAL_CODE_LENGTH; index += 1) code += REFERRAL_CODE_ALPHABET[bytes[index]! % REFERRAL_CODE_ALPHABET.length];
  return code;
}
