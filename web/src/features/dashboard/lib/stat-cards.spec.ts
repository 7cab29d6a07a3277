import { describe, expect, it } from 'vitest';
import { parseDurationText } from './stat-cards.ts';

describe('parseDurationText', () => {
  it.each([
    ['13h 20m', 800],
    ['0m', 0],
    ['45m', 45],
    ['24h 0m', 1440],
    ['soon', null],
  ])('reads %s as %s minutes', (text, minutes) => {
    expect(parseDurationText(text)).toBe(minutes);
  });
});
