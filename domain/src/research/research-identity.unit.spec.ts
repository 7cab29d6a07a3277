import { describe, expect, it } from 'vitest';
import { childPseudonym, dateShiftDays, entryPseudonym, researchFactsForAnonymization } from './research-identity';

// A stand-in for the HMAC: the shift is read from the digest's first 8 hex digits.
const digestStartingWith = (first8: string) => () => `${first8}0123456789abcdef0123456789abcdef0123456789abcdef0123456789ab`;

describe('research identity', () => {
  it('names a child and an entry by 16 hex digits of the keyed digest of its id', () => {
    const digest = (message: string) => (message === 'child-1' ? 'aa'.repeat(32) : 'bb'.repeat(32));
    expect(childPseudonym(digest, 'child-1')).toBe('c_aaaaaaaaaaaaaaaa');
    expect(entryPseudonym(digest, 'feeding-1')).toBe('e_bbbbbbbbbbbbbbbb');
  });

  it('draws the shift from the digest of shift:<childId>', () => {
    const asked: string[] = [];
    dateShiftDays((message) => (asked.push(message), 'ff'.repeat(32)), 'child-1');
    expect(asked).toEqual(['shift:child-1']);
  });

  it.each([
    ['00000000', -182],
    ['00000019', -7],
    ['0000001a', 7],
    ['00000033', 182],
    ['00000034', -182],
  ])('shifts by whole weeks between -26 and +26, skipping 0 (digest %s → %i days)', (first8, days) => {
    expect(dateShiftDays(digestStartingWith(first8), 'child-1')).toBe(days);
  });

  it('keeps, for anonymisation, the shift and the birth date moved by it', () => {
    expect(researchFactsForAnonymization(digestStartingWith('00000019'), 'child-1', '2026-09-01')).toEqual({
      researchDateShiftDays: -7,
      researchBirthDate: '2026-08-25',
    });
  });
});
