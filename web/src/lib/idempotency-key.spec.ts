import { afterEach, describe, expect, it, vi } from 'vitest';
import { createIdempotencyKey, uuidV7FromBytes } from './idempotency-key.ts';

const UUID_V7 = /^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

describe('idempotency keys', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.useRealTimers();
  });

  it('formats a time and 16 bytes as a version 7, variant 1 UUID', () => {
    // 2026-11-28T08:00:00.123Z is 0x01a2212b107b milliseconds.
    const time = Date.parse('2026-11-28T08:00:00.123Z');
    expect(uuidV7FromBytes(time, new Uint8Array(16).fill(0xff))).toBe('01a2212b-107b-7fff-bfff-ffffffffffff');
    expect(uuidV7FromBytes(time, new Uint8Array(16))).toBe('01a2212b-107b-7000-8000-000000000000');
    expect(uuidV7FromBytes(0, Uint8Array.from({ length: 16 }, (_, i) => i))).toBe('00000000-0000-7607-8809-0a0b0c0d0e0f');
  });

  it('refuses anything but 16 bytes', () => {
    expect(() => uuidV7FromBytes(0, new Uint8Array(15))).toThrow('A UUID takes 16 bytes');
  });

  it('makes a new key of the time now from crypto.getRandomValues, also over plain http, where randomUUID is missing', () => {
    vi.useFakeTimers({ now: Date.parse('2026-11-28T08:00:00.123Z'), toFake: ['Date'] });
    vi.stubGlobal('crypto', { getRandomValues: crypto.getRandomValues.bind(crypto) });

    const keys = Array.from({ length: 50 }, () => createIdempotencyKey());
    for (const key of keys) expect(key).toMatch(UUID_V7);
    for (const key of keys) expect(key.slice(0, 13)).toBe('01a2212b-107b');
    expect(new Set(keys).size).toBe(50);
  });
});
