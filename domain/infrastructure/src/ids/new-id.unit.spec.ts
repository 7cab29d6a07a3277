import { describe, expect, it } from 'vitest';
import { randomBytesFromPool } from '../crypto/random-pool';
import { newId } from './new-id';

const UUID_V7 = /^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

describe('newId', () => {
  it('makes version-7 UUIDs that carry the time they were made', () => {
    const before = Date.now();
    const id = newId();
    const stamp = Number.parseInt(id.replaceAll('-', '').slice(0, 12), 16);

    expect(id).toMatch(UUID_V7);
    expect(stamp).toBeGreaterThanOrEqual(before);
    expect(stamp).toBeLessThanOrEqual(Date.now());
  });

  it('never repeats, across many refills of the random pool', () => {
    const ids = new Set(Array.from({ length: 20_000 }, () => newId()));
    expect(ids.size).toBe(20_000);
  });
});

describe('randomBytesFromPool', () => {
  it('hands out the requested number of bytes, never the same bytes twice', () => {
    const draws = Array.from({ length: 1_000 }, () => randomBytesFromPool(12).toString('hex'));
    expect(draws.every((hex) => hex.length === 24)).toBe(true);
    expect(new Set(draws).size).toBe(1_000);
    expect(randomBytesFromPool(10_000)).toHaveLength(10_000);
  });
});
