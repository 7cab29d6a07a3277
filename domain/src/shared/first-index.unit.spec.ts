import { describe, expect, it } from 'vitest';
import { firstIndexNotBelow } from './first-index';

describe('firstIndexNotBelow', () => {
  const sorted = [2, 4, 4, 4, 9];
  const firstAtLeast = (value: number) => firstIndexNotBelow(sorted.length, (index) => sorted[index]! < value);

  it('finds the first item not below the value, before any equal ones', () => {
    expect(firstAtLeast(4)).toBe(1);
    expect(firstAtLeast(5)).toBe(4);
  });

  it('answers 0 when nothing is below and the length when everything is', () => {
    expect(firstAtLeast(1)).toBe(0);
    expect(firstAtLeast(10)).toBe(5);
    expect(firstIndexNotBelow(0, () => true)).toBe(0);
  });
});
