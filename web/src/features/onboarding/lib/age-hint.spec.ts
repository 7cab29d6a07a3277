import { describe, expect, it } from 'vitest';
import { ageHint } from './age-hint.ts';

const TODAY = '2025-06-15';

describe('ageHint', () => {
  it.each([
    ['2025-06-15', 'Born today! 🎉'],
    ['2025-06-14', '1 day old'],
    ['2025-06-09', '6 days old'],
    ['2025-06-08', '1 week old'],
    ['2025-06-07', '1 week, 1 day old'],
    ['2025-05-29', '2 weeks, 3 days old'],
    ['2025-05-17', '4 weeks, 1 day old'],
    ['2025-05-16', '1 month old'],
    ['2025-03-17', '3 months old'],
    ['2024-06-16', '12 months old'],
    ['2024-06-15', '1 year old'],
    ['2023-06-15', '2 years old'],
  ])('born %s → %s', (birthDate, hint) => {
    expect(ageHint(birthDate, TODAY)).toBe(hint);
  });

  it('gives no hint for a future or missing date', () => {
    expect(ageHint('2025-06-16', TODAY)).toBeUndefined();
    expect(ageHint('', TODAY)).toBeUndefined();
  });
});
