import { describe, expect, it } from 'vitest';
import { tummyTimeGoal } from './tummy-time-rules';

describe("tummy time's daily goal", () => {
  it("is the WHO's 30 minutes a day until the first birthday, and none from it", () => {
    expect(tummyTimeGoal('2026-03-10', '2026-03-10')).toMatchObject({ minutes: 30, source: { url: 'https://www.who.int/publications/i/item/9789241550536' } });
    expect(tummyTimeGoal('2026-03-10', '2027-03-09')?.minutes).toBe(30);
    expect(tummyTimeGoal('2026-03-10', '2027-03-10')).toBeNull();
  });
});
