import { describe, expect, it } from 'vitest';
import { childPseudonym, dateShiftDays, entryPseudonym, researchBirthday } from './research-identity';

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

  it.each([
    ['00000000', '2026-09', '2026-09-01'],
    ['0000001d', '2026-09', '2026-09-30'],
    ['0000001e', '2026-09', '2026-09-01'],
    ['0000001e', '2026-12', '2026-12-31'],
    ['0000001c', '2028-02', '2028-02-29'],
    ['0000001c', '2027-02', '2027-02-01'],
  ])('draws the research birthday from the digest of birthday:<childId>, a day of the birth month (digest %s, %s → %s)', (first8, month, day) => {
    const asked: string[] = [];
    const digest = (message: string) => (asked.push(message), digestStartingWith(first8)());
    expect(researchBirthday(digest, 'child-1', month)).toBe(day);
    expect(asked).toEqual(['birthday:child-1']);
  });
});
