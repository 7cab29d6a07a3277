import { describe, expect, it } from 'vitest';
import { isWellFormedReferralCode, normalizeReferralCode, REFERRAL_CODE_ALPHABET, referralCodeFromBytes } from './referral-code-rules';

describe('referral codes', () => {
  it('draws six letters from the alphabet without look-alikes', () => {
    expect(referralCodeFromBytes(Uint8Array.from([0, 31, 32, 63, 255, 8]))).toBe('A9A99J');
  });

  it('never draws 0, O, 1 or I', () => {
    expect(REFERRAL_CODE_ALPHABET).not.toMatch(/[0O1I]/);
    const every = referralCodeFromBytes(Uint8Array.from({ length: 6 }, (_, index) => index * 43));
    expect(every).toMatch(/^[ABCDEFGHJKLMNPQRSTUVWXYZ2-9]{6}$/);
  });

  it('takes codes case-insensitively and only six letters or digits as a code', () => {
    expect(normalizeReferralCode(' test42 ')).toBe('TEST42');
    expect(isWellFormedReferralCode('TEST42')).toBe(true);
    expect(isWellFormedReferralCode('TEST-4')).toBe(false);
    expect(isWellFormedReferralCode('TEST421')).toBe(false);
  });
});
